/** The Blade reply shape `{code, success, data, msg}` and MyBatis-Plus paging. */
import { z } from 'zod';
import { count } from './fields';

export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export function ok<T>(data: T, msg = '操作成功'): R<T> {
  return { code: 200, success: true, data, msg };
}

export function fail(code: number, msg: string): R<null> {
  return { code, success: false, data: null, msg };
}

/** Response schema of an envelope around `data` (for the OpenAPI document). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), success: z.boolean(), data, msg: z.string() });
}

export const pageQuery = z.object({
  current: count(1).default(1),
  size: count(1, 100).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function page<T>(records: T[], total: number, q: PageQuery): Page<T> {
  return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
}

export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
  });
}
