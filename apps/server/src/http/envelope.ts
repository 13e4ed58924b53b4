/** The Blade reply shape `{code, success, data, msg}` and MyBatis-Plus paging (schemas: @cf/shared/wire/envelope). */
import type { Page, PageQuery, R } from '@cf/shared/wire/envelope';

export { envelopeSchema, pageSchema } from '@cf/shared/wire/envelope';
export type { Page, PageQuery, R } from '@cf/shared/wire/envelope';

export function ok<T>(data: T, msg = '操作成功'): R<T> {
  return { code: 200, success: true, data, msg };
}

export function fail(code: number, msg: string): R<null> {
  return { code, success: false, data: null, msg };
}

export function page<T>(records: T[], total: number, q: PageQuery): Page<T> {
  return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
}
