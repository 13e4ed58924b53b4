/** The finance office's notice routes: write, edit, publish, withdraw, attach; each change audited. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@server/db/schema';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { adminCall, uploadAttachment } from '@server-test/notice-fixtures';
import { guidePdf } from '@server/db/seed/notice-files';

describe('notice publishing by the finance office', () => {
  let ctx: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-admin-notices-'));
    ctx = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const auditRows = (action: string) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, '100001'), like(auditLog.action, `%${action}`)));

  it('writes a sanitized draft, publishes it and withdraws it, with an audit row each', async () => {
    const created = await adminCall(ctx, 'POST', '/api/blade-desk/admin/notice', {
      title: 'Exam fees',
      category: 'fees',
      authorDept: 'Finance',
      content: '<p onclick="x()">Pay <script>alert(1)</script><a href="javascript:alert(1)">here</a></p>',
      audience: ['student', 'student'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const notice = created.json().data;
    expect(notice).toMatchObject({ status: 'draft', releaseTime: null, audience: ['student'] });
    expect(notice.content).toBe('<p>Pay <a target="_blank" rel="noopener noreferrer">here</a></p>');
    expect(await auditRows('POST /api/blade-desk/admin/notice')).toHaveLength(1);

    const edited = await adminCall(ctx, 'PUT', `/api/blade-desk/admin/notice/${notice.id}`, {
      title: 'Exam fees (corrected)',
      category: 'fees',
      authorDept: 'Finance',
      content: '<h2>Corrected</h2>',
    });
    expect(edited.json().data).toMatchObject({
      title: 'Exam fees (corrected)',
      content: '<h2>Corrected</h2>',
    });
    expect(await auditRows('PUT /api/blade-desk/admin/notice/:id')).toHaveLength(1);

    const published = await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${notice.id}/publish`);
    expect(published.json().data).toMatchObject({ status: 'published', releaseTime: expect.any(String) });
    const again = await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${notice.id}/publish`);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('Only a draft can be published');

    const withdrawn = await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${notice.id}/withdraw`);
    expect(withdrawn.json().data.status).toBe('withdrawn');
    const editWithdrawn = await adminCall(ctx, 'PUT', `/api/blade-desk/admin/notice/${notice.id}`, {
      title: 'x',
      category: 'fees',
      authorDept: 'Finance',
      content: '',
    });
    expect(editWithdrawn.statusCode).toBe(400);
    // Refusals are not audited; each change that happened is.
    expect(await auditRows('/publish')).toHaveLength(1);
    const [row] = await auditRows('/withdraw');
    expect(row).toMatchObject({ detail: { params: { id: notice.id }, status: 200 } });
  });

  it('refuses an unknown category, other tenants’ notices and people without a finance role', async () => {
    const unknown = await adminCall(ctx, 'POST', '/api/blade-desk/admin/notice', {
      title: 't',
      category: 'nope',
      authorDept: 'Finance',
      content: '',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('The notice category does not exist');

    const mine = await adminCall(ctx, 'POST', '/api/blade-desk/admin/notice', {
      title: 't',
      category: 'general',
      authorDept: 'Finance',
      content: '',
    });
    const id = mine.json().data.id;
    const other = await adminCall(
      ctx,
      'POST',
      `/api/blade-desk/admin/notice/${id}/publish`,
      undefined,
      '100002',
    );
    expect(other.statusCode).toBe(404);
    const student = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-desk/admin/notice/${id}/publish`,
      headers: bladeAuth(await tokenFor(ctx, '100001', 'student1')),
    });
    expect(student.statusCode).toBe(403);
  });

  it('stores attachments under DATA_DIR, limited in size and type, with translated refusals', async () => {
    const id = (
      await adminCall(ctx, 'POST', '/api/blade-desk/admin/notice', {
        title: 'files',
        category: 'general',
        authorDept: 'Finance',
        content: '',
      })
    ).json().data.id;
    const pdf = await uploadAttachment(ctx, id, 'guide.pdf', guidePdf());
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().data).toMatchObject({ name: 'guide.pdf', size: guidePdf().length });
    expect(readdirSync(path.join(dataDir, 'notice-files'))).toHaveLength(1);
    expect(await auditRows('/attachment')).toHaveLength(1);

    const html = await uploadAttachment(ctx, id, 'page.html', Buffer.from('<script>alert(1)</script>'));
    expect(html.statusCode).toBe(415);
    expect(html.json().msg).toMatch(/^This type of file cannot be attached; allowed: pdf, png/);
    // A name saying PDF on what is not one is refused too.
    const fake = await uploadAttachment(ctx, id, 'fake.pdf', Buffer.from('<html><script>alert(1)</script>'));
    expect(fake.statusCode).toBe(415);
    const big = await uploadAttachment(ctx, id, 'big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 0x41));
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json()).toMatchObject({ success: false, msg: 'An attachment cannot be larger than 10 MB' });
    const notMultipart = await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${id}/attachment`, {
      a: 1,
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(readdirSync(path.join(dataDir, 'notice-files'))).toHaveLength(1);
  });

  it('lists by status and category, serves and deletes files (audited), previews unaudited', async () => {
    const write = (title: string, category: string) =>
      adminCall(ctx, 'POST', '/api/blade-desk/admin/notice', {
        title,
        category,
        authorDept: 'Finance',
        content: '<p>x</p>',
        audience: ['employee'],
      });
    const draft = (await write('draft-general', 'general')).json().data;
    const live = (await write('live-fees', 'fees')).json().data;
    await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${live.id}/publish`);

    const list = async (query: string) => {
      const res = await adminCall(ctx, 'GET', `/api/blade-desk/admin/notice/list?size=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.records as { id: number; status: string; category: string }[];
    };
    const drafts = await list('&status=draft');
    expect(drafts.map((n) => n.id)).toContain(draft.id);
    expect(drafts.every((n) => n.status === 'draft')).toBe(true);
    const publishedFees = await list('&status=published&category=fees');
    expect(publishedFees.map((n) => n.id)).toContain(live.id);
    expect(publishedFees.every((n) => n.status === 'published' && n.category === 'fees')).toBe(true);
    expect((await adminCall(ctx, 'GET', '/api/blade-desk/admin/notice/list?status=gone')).statusCode).toBe(
      400,
    );
    // Another tenant's office sees none of them.
    const other = await adminCall(
      ctx,
      'GET',
      '/api/blade-desk/admin/notice/list?size=100',
      undefined,
      '100002',
    );
    expect(other.json().data.records.map((n: { id: number }) => n.id)).not.toContain(draft.id);

    // The office downloads a draft's file with its header; another tenant's office cannot.
    const file = (await uploadAttachment(ctx, draft.id, 'guide.pdf', guidePdf())).json().data;
    const fileUrl = `/api/blade-desk/admin/notice/${draft.id}/attachment/${file.id}`;
    const download = await adminCall(ctx, 'GET', fileUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(guidePdf())).toBe(true);
    expect((await adminCall(ctx, 'GET', fileUrl, undefined, '100002')).statusCode).toBe(404);
    expect((await adminCall(ctx, 'DELETE', fileUrl, undefined, '100002')).statusCode).toBe(404);
    // A file of another notice is not this notice's.
    expect(
      (await adminCall(ctx, 'DELETE', `/api/blade-desk/admin/notice/${live.id}/attachment/${file.id}`))
        .statusCode,
    ).toBe(404);

    const stored = () => readdirSync(path.join(dataDir, 'notice-files')).length;
    const before = stored();
    const deleted = await adminCall(ctx, 'DELETE', fileUrl);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ id: file.id });
    expect(stored()).toBe(before - 1);
    expect(
      (await adminCall(ctx, 'GET', `/api/blade-desk/admin/notice/${draft.id}`)).json().data.attachments,
    ).toEqual([]);
    const again = await adminCall(ctx, 'DELETE', fileUrl);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('The attachment does not exist');
    expect(await auditRows('DELETE /api/blade-desk/admin/notice/:id/attachment/:attachmentId')).toHaveLength(
      1,
    );

    // A withdrawn notice keeps its files: they cannot be taken off.
    const kept = (await uploadAttachment(ctx, live.id, 'guide.pdf', guidePdf())).json().data;
    await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${live.id}/withdraw`);
    const refused = await adminCall(
      ctx,
      'DELETE',
      `/api/blade-desk/admin/notice/${live.id}/attachment/${kept.id}`,
    );
    expect(refused.statusCode).toBe(400);

    const preview = await adminCall(ctx, 'POST', '/api/blade-desk/admin/notice/preview', {
      content: '<h2 style="color:red">Fees</h2><img src="x" onerror="alert(1)"><script>alert(1)</script>',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({ content: '<h2>Fees</h2>' });
    expect(await auditRows('/preview')).toHaveLength(0);
    const student = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-desk/admin/notice/preview',
      headers: bladeAuth(await tokenFor(ctx, '100001', 'student1')),
      payload: { content: '<p>x</p>' },
    });
    expect(student.statusCode).toBe(403);
  });
});
