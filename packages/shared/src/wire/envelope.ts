/**
 * The Blade reply shape `{code, success, data, msg}` and MyBatis-Plus paging, as zod schemas: the server's
 * route schemas (and so the OpenAPI document) and the web's reply types both come from here.
 */
import { z } from 'zod';
import { count } from './fields';

export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** Response schema of an envelope around `data`. */
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

export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
  });
}
