/**
 * The readers' walls: tenant and audience on the list, the detail, the unread count and the
 * attachments; a withdrawn notice is gone; opening a detail marks it read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { adminCall, publishNotice, uploadAttachment } from '@server-test/notice-fixtures';
import { barChartPng, guidePdf } from '@server/db/seed/notice-files';
import { notices } from '@server/db/schema-notice';
import { sanitizeNoticeHtml } from './sanitize';

describe('notices for readers', () => {
  let ctx: TestContext;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  let forAll: number;
  let forStaff: number;
  let collegeNotice: number;
  let pictureId: number;

  const get = (who: string, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...bladeAuth(tokens[who]!), 'accept-language': 'en' } });
  const listIds = async (who: string, query = '?size=100') =>
    ((await get(who, `/api/blade-desk/notice/list${query}`)).json().data.records as { id: number }[]).map(
      (r) => r.id,
    );
  const unread = async (who: string) =>
    (await get(who, '/api/blade-desk/notice/unread-count')).json().data.count as number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-notices-'));
    ctx = await createTestApp({ DATA_DIR: dataDir });
    for (const [who, tenant] of [
      ['student1', '100001'],
      ['teacher1', '100001'],
      ['guest1', '100001'],
      ['student2', '100002'],
    ] as const)
      tokens[who] = await tokenFor(ctx, tenant, who);
    forAll = await publishNotice(ctx, {
      title: 'Walls: everyone',
      content: '<p>hello <img src="/api/blade-desk/notice/attachment/999999"></p>',
    });
    forStaff = await publishNotice(ctx, { title: 'Walls: staff only', audience: ['employee'] });
    collegeNotice = await publishNotice(ctx, { title: 'Walls: college', category: 'fees' }, '100002');
    const upload = await uploadAttachment(ctx, forAll, '进度.png', barChartPng());
    expect(upload.statusCode, upload.body).toBe(200);
    pictureId = upload.json().data.id;
    // The picture referenced by the content is this notice's own attachment.
    const stored = (await adminCall(ctx, 'GET', `/api/blade-desk/admin/notice/${forAll}`)).json().data;
    const edit = await adminCall(ctx, 'PUT', `/api/blade-desk/admin/notice/${forAll}`, {
      title: stored.title,
      category: stored.category,
      authorDept: stored.authorDept,
      content: `<p>picture <img src="/api/blade-desk/notice/attachment/${pictureId}"></p>`,
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists in the BladeX page shape, newest first, with unread marks and the seeded dozen', async () => {
    const res = await get('student1', '/api/blade-desk/notice/list?current=1&size=5');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ current: 1, size: 5 });
    expect(data.records).toHaveLength(5);
    expect(data.records[0]).toMatchObject({
      id: forAll,
      title: 'Walls: everyone',
      unread: true,
      attachmentCount: 1,
    });
    expect(data.pages).toBe(Math.ceil(data.total / 5));
    // English texts and category names where the school wrote them.
    const seeded = data.records.find((r: { title: string }) => r.title.startsWith('Paying tuition'));
    expect(seeded).toMatchObject({ categoryName: 'Fees', authorDept: 'Finance Office' });
  });

  it('filters by category', async () => {
    const res = await get('student2', '/api/blade-desk/notice/list?category=fees&size=100');
    const records = res.json().data.records as { id: number; category: string }[];
    expect(records.map((r) => r.id)).toContain(collegeNotice);
    expect(records.every((r) => r.category === 'fees')).toBe(true);
  });

  it('pages through the whole list: every page has the same total, past the last one too', async () => {
    const all = (await get('student1', '/api/blade-desk/notice/list?size=100')).json().data;
    expect(all.total).toBe(all.records.length);
    expect(all.total).toBeGreaterThan(6);
    const walked: number[] = [];
    for (let current = 1; current <= Math.ceil(all.total / 3) + 1; current++) {
      const page = (await get('student1', `/api/blade-desk/notice/list?current=${current}&size=3`)).json()
        .data;
      expect(page.total).toBe(all.total);
      walked.push(...page.records.map((r: { id: number }) => r.id));
    }
    // Newest first, each notice once; the page past the last is empty but still counts.
    expect(walked).toEqual(all.records.map((r: { id: number }) => r.id));
    const fees = (await get('student1', '/api/blade-desk/notice/list?category=fees&size=2')).json().data;
    const feesAll = all.records.filter((r: { category: string }) => r.category === 'fees');
    expect(fees.total).toBe(feesAll.length);
    expect(fees.records.map((r: { id: number }) => r.id)).toEqual(
      feesAll.slice(0, 2).map((r: { id: number }) => r.id),
    );
  });

  it('keeps tenants apart on the list, the detail and the unread count', async () => {
    expect(await listIds('student2')).not.toContain(forAll);
    expect(await listIds('student1')).not.toContain(collegeNotice);
    const detail = await get('student2', `/api/blade-desk/notice/detail?id=${forAll}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ code: 404, success: false, data: null });
  });

  it('shows a notice to its audience only', async () => {
    expect(await listIds('teacher1')).toContain(forStaff);
    expect(await listIds('student1')).not.toContain(forStaff);
    // A user not bound yet reads what is for the whole tenant only.
    expect(await listIds('guest1')).toContain(forAll);
    expect(await listIds('guest1')).not.toContain(forStaff);
    expect((await get('student1', `/api/blade-desk/notice/detail?id=${forStaff}`)).statusCode).toBe(404);
    expect((await get('teacher1', `/api/blade-desk/notice/detail?id=${forStaff}`)).statusCode).toBe(200);
  });

  it('marks a notice read when its detail opens: the unread count drops by one, once', async () => {
    const before = await unread('student1');
    const detail = await get('student1', `/api/blade-desk/notice/detail?id=${forAll}`);
    expect(detail.statusCode).toBe(200);
    expect(await unread('student1')).toBe(before - 1);
    await get('student1', `/api/blade-desk/notice/detail?id=${forAll}`);
    expect(await unread('student1')).toBe(before - 1);
    const records = (await get('student1', '/api/blade-desk/notice/list')).json().data.records;
    expect(records.find((r: { id: number }) => r.id === forAll).unread).toBe(false);
    // Someone else's reads are theirs: teacher1 still has it unread.
    const teacherRecords = (await get('teacher1', '/api/blade-desk/notice/list?size=100')).json().data
      .records;
    expect(teacherRecords.find((r: { id: number }) => r.id === forAll).unread).toBe(true);
    // The audience counts: staff-only notices are not in a student's count.
    expect(await unread('teacher1')).toBeGreaterThan(await unread('student1'));
  });

  it('signs attachment links for the reader; a picture opens inline, never sniffed', async () => {
    const detail = (await get('student1', `/api/blade-desk/notice/detail?id=${forAll}`)).json().data;
    expect(detail.attachments).toEqual([
      expect.objectContaining({ id: pictureId, name: '进度.png', size: barChartPng().length, inline: true }),
    ]);
    // The content's own picture is signed too.
    expect(detail.content).toMatch(
      /src="\/api\/blade-desk\/notice\/attachment\/\d+\?expires=\d+&amp;user=\d+&amp;sig=/,
    );
    const link = detail.attachments[0].link as string;
    const file = await ctx.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="__.png"; filename*=UTF-8''${encodeURIComponent('进度.png')}`,
    );
    expect(file.rawPayload.equals(barChartPng())).toBe(true);

    // A forged or altered link is refused.
    const forged = link.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const otherUser = link.replace(/user=\d+/, 'user=999999');
    expect((await ctx.app.inject({ method: 'GET', url: otherUser })).statusCode).toBe(403);
    const garbage = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-desk/notice/attachment/${pictureId}?expires=x`,
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ success: false });
  });

  it('a PDF opens inline too, under its UTF-8 name (quote, brackets and percent encoded)', async () => {
    const id = await publishNotice(ctx, { title: 'Walls: a PDF' });
    const upload = await uploadAttachment(ctx, id, `指南 (v2) it's 100%.pdf`, guidePdf());
    expect(upload.statusCode, upload.body).toBe(200);
    const detail = (await get('student1', `/api/blade-desk/notice/detail?id=${id}`)).json().data;
    const attachment = detail.attachments[0];
    expect(attachment.inline).toBe(true);
    const file = await ctx.app.inject({ method: 'GET', url: attachment.link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      "inline; filename=\"__ (v2) it's 100_.pdf\"; filename*=UTF-8''%E6%8C%87%E5%8D%97%20%28v2%29%20it%27s%20100%25.pdf",
    );
  });

  it('checks the audience again on a signed link: a rebound reader loses it', async () => {
    const staffFile = await uploadAttachment(ctx, forStaff, 'staff.txt', Buffer.from('staff only'));
    const detail = (await get('teacher1', `/api/blade-desk/notice/detail?id=${forStaff}`)).json().data;
    const attachment = detail.attachments.find((a: { id: number }) => a.id === staffFile.json().data.id);
    expect(attachment.inline).toBe(false);
    const link = attachment.link;
    const file = await ctx.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    // Not a PDF or a picture: a download.
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="staff.txt"; filename*=UTF-8''staff.txt`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // The notice now goes to students only: teacher1's link stops working at once.
    const stored = (await adminCall(ctx, 'GET', `/api/blade-desk/admin/notice/${forStaff}`)).json().data;
    await adminCall(ctx, 'PUT', `/api/blade-desk/admin/notice/${forStaff}`, {
      ...pick(stored),
      audience: ['student'],
    });
    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    await adminCall(ctx, 'PUT', `/api/blade-desk/admin/notice/${forStaff}`, {
      ...pick(stored),
      audience: ['employee'],
    });
  });

  it('a withdrawn notice is gone: list, detail, unread count and attachments', async () => {
    const id = await publishNotice(ctx, { title: 'Walls: withdrawn soon' });
    const file = await uploadAttachment(ctx, id, 'a.txt', Buffer.from('withdrawn file'));
    expect(file.statusCode).toBe(200);
    const link = (await get('guest1', `/api/blade-desk/notice/detail?id=${id}`)).json().data.attachments[0]
      .link;
    const unreadBefore = await unread('student1');
    expect((await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${id}/withdraw`)).statusCode).toBe(
      200,
    );
    expect(await listIds('student1')).not.toContain(id);
    expect(await unread('student1')).toBe(unreadBefore - 1);
    const detail = await get('student1', `/api/blade-desk/notice/detail?id=${id}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().msg).toBe('The notice does not exist or has been withdrawn');
    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('refuses to publish a body that sanitized to nothing, and publishes it once written', async () => {
    const created = await adminCall(ctx, 'POST', '/api/blade-desk/admin/notice', {
      title: 'Walls: empty body',
      category: 'general',
      authorDept: 'Finance',
      content: '<script>alert(1)</script><p> &nbsp; </p><iframe src="https://x.test"></iframe>',
    });
    const id = created.json().data.id as number;
    const refused = await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'The notice has no body (or only content that is not allowed, which was removed); write the body before publishing',
    );
    await adminCall(ctx, 'PUT', `/api/blade-desk/admin/notice/${id}`, {
      title: 'Walls: empty body',
      category: 'general',
      authorDept: 'Finance',
      content: '<p>Now with words</p>',
    });
    expect((await adminCall(ctx, 'POST', `/api/blade-desk/admin/notice/${id}/publish`)).statusCode).toBe(200);
  });

  it('a draft is nobody’s to read', async () => {
    const draft = await adminCall(ctx, 'POST', '/api/blade-desk/admin/notice', {
      title: 'Walls: draft',
      category: 'general',
      authorDept: 'Finance',
      content: '<p>d</p>',
    });
    const id = draft.json().data.id;
    expect((await get('student1', `/api/blade-desk/notice/detail?id=${id}`)).statusCode).toBe(404);
    expect(await listIds('student1')).not.toContain(id);
  });

  it('seeds demo notices exactly as the sanitizer would store them', async () => {
    const rows = await ctx.database.db.select().from(notices);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    for (const row of rows) {
      expect(await sanitizeNoticeHtml(row.content)).toBe(row.content);
      expect(await sanitizeNoticeHtml(row.contentEn)).toBe(row.contentEn);
    }
  });

  it('answers the categories in the reader’s language', async () => {
    const res = await get('student1', '/api/blade-desk/notice/categories');
    expect(res.json().data).toContainEqual({ key: 'fees', name: 'Fees' });
  });
});

function pick(stored: Record<string, unknown>) {
  const { title, category, authorDept, content } = stored;
  return { title, category, authorDept, content };
}
