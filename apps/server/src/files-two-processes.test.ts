/**
 * Several API processes on one PostgreSQL and one bucket (issue 26 item 2): two apps, each with its
 * own settings and data folder, share the database and an S3 server (s3rver, started here). A file
 * uploaded through one is read through the other, removed through the other, and never lands in
 * either data folder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guidePdf } from '@server/db/seed/notice-files';
import { purgeEvidence } from '@server/modules/fee/evidence-service';
import { basicAuth, createTestApps, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { adminCall, multipartFile, uploadAttachment } from '@server-test/notice-fixtures';
import { IMPORT_BASE, importClient } from '@server-test/import-jobs';
import { startS3Server, type TestS3Server } from '@server-test/s3-server';
import ExcelJS from 'exceljs';

const jpeg = (size: number) => {
  const bytes = randomBytes(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  return bytes;
};

describe('two API processes on one database and one bucket', () => {
  let s3: TestS3Server;
  let dirs: string[];
  let a: TestContext;
  let b: TestContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    s3 = await startS3Server();
    dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'cf-two-apps-')));
    const apps = await createTestApps(dirs.map((DATA_DIR) => ({ ...s3.env, DATA_DIR })));
    [a, b] = apps.apps as [TestContext, TestContext];
    close = apps.close;
  });
  afterAll(async () => {
    await close?.();
    await s3?.close();
    for (const dir of dirs ?? []) rmSync(dir, { recursive: true, force: true });
  });

  it('are two apps with their own stores on the bucket', () => {
    expect(a.app).not.toBe(b.app);
    expect(a.app.gateways.files).not.toBe(b.app.gateways.files);
    expect([a.app.gateways.files.kind, b.app.gateways.files.kind]).toEqual(['s3', 's3']);
  });

  it('serves a notice attachment uploaded through one from the other, and deletes it through the other', async () => {
    const created = await adminCall(a, 'POST', '/api/blade-desk/admin/notice', {
      title: 'two processes',
      category: 'general',
      authorDept: 'Finance',
      content: '',
    });
    const noticeId = created.json().data.id as number;
    const uploaded = await uploadAttachment(a, noticeId, '缴费指南.pdf', guidePdf());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().data.id as number;

    const url = `/api/blade-desk/admin/notice/${noticeId}/attachment/${fileId}`;
    const fromB = await adminCall(b, 'GET', url);
    expect(fromB.statusCode, fromB.body).toBe(200);
    expect(fromB.headers['content-type']).toBe('application/pdf');
    expect(fromB.headers['content-length']).toBe(String(guidePdf().length));
    expect(fromB.rawPayload.equals(guidePdf())).toBe(true);
    const fromA = await adminCall(a, 'GET', url);
    expect(fromA.headers['content-disposition']).toBe(fromB.headers['content-disposition']);
    expect(fromB.headers['content-disposition']).toMatch(/^attachment; /);
    // Another tenant's office gets nothing from either.
    expect((await adminCall(b, 'GET', url, undefined, '100002')).statusCode).toBe(404);

    expect((await adminCall(b, 'DELETE', url)).statusCode).toBe(200);
    expect((await adminCall(a, 'GET', url)).statusCode).toBe(404);
    for (const dir of dirs) expect(existsSync(path.join(dir, 'notice-files'))).toBe(false);
  });

  it("serves a payer's evidence uploaded through one from the other; the purge job of either removes it", async () => {
    const token = await tokenFor(a, '100001', 'student1');
    const headers = (ctx: TestContext) => ({
      authorization: basicAuth(ctx.config),
      'accept-language': 'en',
      'blade-auth': `bearer ${token}`,
    });
    const bytes = jpeg(1024 * 1024);
    const body = multipartFile('slip.jpg', bytes);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/blade-finance/fee/offline/evidence',
      headers: { ...headers(a), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json().data.id as number;

    const url = `/api/blade-finance/fee/offline/evidence/${id}`;
    const fromB = await b.app.inject({ method: 'GET', url, headers: headers(b) });
    expect(fromB.statusCode, fromB.body).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/jpeg');
    expect(fromB.headers['content-disposition']).toBe(`attachment; filename="evidence-${id}.jpg"`);
    expect(fromB.rawPayload.equals(bytes)).toBe(true);
    for (const dir of dirs) expect(existsSync(path.join(dir, 'bill-evidence'))).toBe(false);

    // Never given to a record: two days on, process B's purge removes the file from the bucket.
    const twoDays = Date.now() + 2 * 24 * 3600_000;
    const purged = await purgeEvidence(b.database.db, b.app.gateways.files, {
      voidGraceMs: b.config.evidence.voidGraceMs,
      now: twoDays,
    });
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await a.app.inject({ method: 'GET', url, headers: headers(a) })).statusCode).toBe(404);
    const folder = 'bill-evidence/100001';
    const left = [];
    for await (const file of a.app.gateways.files.list(folder)) left.push(file);
    expect(left).toEqual([]);
  });

  it('checks an import file uploaded through one, and the other reports on it from the bucket', async () => {
    const token = await tokenFor(a, '100001', 'finance1');
    const { check, headers } = importClient(
      () => a,
      () => token,
    );
    const file = [
      '人员类型,学号/工号,姓名,证件类型,证件号码,入学年份,专业,班级,部门,预留手机号',
      '学生,S2099301,己,身份证,12345,2026,,,,',
    ].join('\n');
    const job = await check('people', file);
    expect(job).toMatchObject({ status: 'checked', errorCount: 1 });
    const stored = [];
    for await (const f of b.app.gateways.files.list('import-files/100001')) stored.push(f);
    expect(stored).toHaveLength(1);

    const report = await b.app.inject({
      method: 'GET',
      url: `${IMPORT_BASE}/job/${job.id}/report`,
      headers: { ...headers(token), authorization: basicAuth(b.config) },
    });
    expect(report.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    // The marked copy of the file: read by B from the bucket.
    expect(book.worksheets[0]!.getRow(2).getCell(5).value).toBe('12345');
    for (const dir of dirs) expect(existsSync(path.join(dir, 'import-files'))).toBe(false);
  });
});
