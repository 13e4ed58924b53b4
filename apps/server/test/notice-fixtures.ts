/** Notices for tests: written and published through the finance office's routes, as the console would. */
import type { NoticeWriteRequest } from '@cf/shared/wire/notice';
import type { TestContext } from './helpers';
import { bladeAuth, tokenFor } from './issue-token';

export async function financeToken(ctx: TestContext, tenantId = '100001'): Promise<string> {
  return tokenFor(ctx, tenantId, tenantId === '100001' ? 'finance1' : 'finance2');
}

export async function adminCall(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  tenantId = '100001',
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...bladeAuth(await financeToken(ctx, tenantId)), 'accept-language': 'en' },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A notice written and published by the finance office of the tenant; returns its id. */
export async function publishNotice(
  ctx: TestContext,
  notice: Partial<NoticeWriteRequest> & { title: string },
  tenantId = '100001',
): Promise<number> {
  const created = await adminCall(
    ctx,
    'POST',
    '/api/blade-desk/admin/notice',
    { category: 'general', authorDept: 'Finance', content: '<p>x</p>', ...notice },
    tenantId,
  );
  if (created.statusCode !== 200) throw new Error(`create notice: ${created.body}`);
  const id = created.json().data.id as number;
  const published = await adminCall(
    ctx,
    'POST',
    `/api/blade-desk/admin/notice/${id}/publish`,
    undefined,
    tenantId,
  );
  if (published.statusCode !== 200) throw new Error(`publish notice: ${published.body}`);
  return id;
}

/** A multipart/form-data body with one file part named `file`. */
export function multipartFile(filename: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = `----cf-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadAttachment(
  ctx: TestContext,
  noticeId: number,
  filename: string,
  bytes: Buffer,
  tenantId = '100001',
) {
  const body = multipartFile(filename, bytes);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/blade-desk/admin/notice/${noticeId}/attachment`,
    headers: { ...bladeAuth(await financeToken(ctx, tenantId)), 'accept-language': 'en', ...body.headers },
    payload: body.payload,
  });
}
