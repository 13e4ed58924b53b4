/**
 * No payer fills the disk (issue 23 item 6): records with files waiting for review, bytes per 24 hours
 * and the school's total are limited before a file is stored; files of refused records and of forms
 * given up are removed by a job after their grace period; the console's settings show the disk used.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_LIMITS } from '@cf/shared/bill-evidence';
import { billEvidence, bills } from '@server/db/schema-finance';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { multipartFile } from '@server-test/notice-fixtures';
import {
  api,
  boundPersonId,
  demoTokens,
  receivableId,
  UNI,
  userIdOf,
  type Tokens,
} from '@server-test/fee-fixtures';
import { purgeEvidence } from './evidence-service';

const UPLOAD = '/api/blade-finance/fee/offline/evidence';
const jpeg = (size = 2048) => {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  return bytes;
};
const DAY = 24 * 3600_000;

describe('evidence quotas and clean-up', () => {
  let ctx: TestContext;
  let t: Tokens;
  let admin1: string;
  let dataDir: string;
  let dorm: number;
  const db = () => ctx.database.db;
  const upload = (token: string, bytes = jpeg(), lang = 'en') => {
    const body = multipartFile('slip.jpg', bytes);
    return ctx.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: {
        authorization: basicAuth(ctx.config),
        'accept-language': lang,
        'blade-auth': `bearer ${token}`,
        ...body.headers,
      },
      payload: body.payload,
    });
  };
  const uploaded = async (token: string): Promise<number> => {
    const res = await upload(token);
    if (res.statusCode !== 200) throw new Error(`upload: ${res.body}`);
    return res.json().data.id;
  };
  const record = (token: string, evidenceIds: number[]) =>
    api(ctx, 'POST', 'fee/offline', token, {
      body: {
        receivableId: dorm,
        amountFen: 1,
        payMethod: 'bank transfer',
        payDate: new Date().toISOString().slice(0, 10),
        evidenceIds,
      },
    });
  const stored = () => readdirSync(path.join(dataDir, 'bill-evidence', UNI));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-evidence-quota-'));
    // A school allowed 1 MB of evidence in all.
    ctx = await createTestApp({
      DATA_DIR: dataDir,
      EVIDENCE_TENANT_MAX_MB: '1',
      EVIDENCE_VOID_GRACE_DAYS: '30',
    });
    t = await demoTokens(ctx);
    admin1 = await tokenFor(ctx, UNI, 'admin1');
    dorm = await receivableId(db(), UNI, await boundPersonId(db(), UNI, 'student1'), 'DORM', '2024-2025');
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes no file while the payer has 3 records with files waiting, and again once one is decided', async () => {
    const billIds: number[] = [];
    for (let i = 0; i < EVIDENCE_LIMITS.maxPendingWithFiles; i++) {
      const res = await record(t.student1, [await uploaded(t.student1)]);
      expect(res.statusCode, res.body).toBe(200);
      billIds.push(res.json().data.id);
    }
    const filesBefore = stored().length;
    const refused = await upload(t.student1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 429,
      success: false,
      msg: 'You have 3 other-means payments with evidence awaiting review; upload more once the finance office has reviewed them',
    });
    expect((await upload(t.student1, jpeg(), 'zh-CN')).json().msg).toBe(
      '您已有 3 笔附凭证的线下缴费待审核，请在财务处审核后再上传',
    );
    expect(stored()).toHaveLength(filesBefore);
    // A record without files still goes in (paying is not stopped, only storing).
    expect((await record(t.student1, [])).statusCode).toBe(200);

    // The office refuses one: the payer may upload again.
    const voided = await api(ctx, 'POST', `admin/bill/${billIds[0]}/void`, t.finance1);
    expect(voided.statusCode, voided.body).toBe(200);
    const [row] = await db().select().from(bills).where(eq(bills.id, billIds[0]!));
    expect(row!.voidedAt).toBeInstanceOf(Date);
    const again = await upload(t.student1);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses a record naming files uploaded before the others went in, past the limit', async () => {
    // student1 now has 2 waiting with files and one unused upload: upload one more, fill the third slot
    // with it, then name the earlier one in a fourth record.
    const spare = await uploaded(t.student1);
    const unused = await db()
      .select()
      .from(billEvidence)
      .where(eq(billEvidence.uploadedBy, await userIdOf(db(), UNI, 'student1')));
    const firstUnused = unused.find((e) => e.billId === null && e.id !== spare)!.id;
    expect((await record(t.student1, [spare])).statusCode).toBe(200);
    const fourth = await record(t.student1, [firstUnused]);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().msg).toMatch(/awaiting review/);
    // Nothing of the refused record stays.
    const [file] = await db().select().from(billEvidence).where(eq(billEvidence.id, firstUnused));
    expect(file!.billId).toBeNull();
  });

  it("refuses what passes a payer's 100 MB in 24 hours, counting only the last day", async () => {
    const teacher1 = await userIdOf(db(), UNI, 'teacher1');
    // 99.99 MB already sent today (rows only: the rule reads sizes, not the disk).
    await db()
      .insert(billEvidence)
      .values({
        tenantId: UNI,
        uploadedBy: teacher1,
        name: 'earlier.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: EVIDENCE_LIMITS.maxBytesPerDay - 1000,
        storageKey: 'a'.repeat(32),
      });
    const over = await upload(t.teacher1);
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(
      'At most 100 MB of evidence can be uploaded in 24 hours; please try again later',
    );
    // A day later the same bytes no longer count against the day (but the tenant's 1 MB still would).
    await db()
      .update(billEvidence)
      .set({ createdAt: new Date(Date.now() - 2 * DAY), sizeBytes: 1000 })
      .where(eq(billEvidence.uploadedBy, teacher1));
    expect((await upload(t.teacher1)).statusCode).toBe(200);
  });

  it("refuses a file past the school's quota, and shows the office the disk used", async () => {
    const teacher1 = await userIdOf(db(), UNI, 'teacher1');
    await db()
      .insert(billEvidence)
      .values({
        tenantId: UNI,
        uploadedBy: teacher1,
        billId: 999_999,
        name: 'big.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 1024 * 1024 - 4000,
        storageKey: 'b'.repeat(32),
        createdAt: new Date(Date.now() - 3 * DAY),
      });
    const full = await upload(t.teacher1, jpeg(5000));
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe(
      "The school's storage for payment evidence is full; please contact the finance office",
    );

    const settings = await api(ctx, 'GET', 'admin/settings', admin1);
    expect(settings.statusCode, settings.body).toBe(200);
    const storage = settings.json().data.storage;
    const rows = await db().select().from(billEvidence).where(eq(billEvidence.tenantId, UNI));
    expect(storage).toMatchObject({
      evidenceBytes: rows.reduce((sum, r) => sum + r.sizeBytes, 0),
      evidenceFiles: rows.length,
      evidenceMaxBytes: 1024 * 1024,
    });
    expect(storage.attachmentFiles).toBeGreaterThanOrEqual(0);
  });

  it('removes files of refused records after the grace period and of forms given up after a day', async () => {
    const student1 = await userIdOf(db(), UNI, 'student1');
    const rowsOf = () => db().select().from(billEvidence).where(eq(billEvidence.uploadedBy, student1));
    const before = await rowsOf();
    const [voidedBill] = await db().select().from(bills).where(eq(bills.status, 0));
    const ofVoided = before.filter((e) => e.billId === voidedBill!.id);
    const unused = before.filter((e) => e.billId === null);
    const waiting = before.filter((e) => e.billId !== null && e.billId !== voidedBill!.id);
    expect(ofVoided.length).toBeGreaterThan(0);
    expect(unused.length).toBeGreaterThan(0);
    const onDisk = (key: string) => existsSync(path.join(dataDir, 'bill-evidence', UNI, key));
    expect(ofVoided.every((e) => onDisk(e.storageKey))).toBe(true);

    // Within the grace period and the day: nothing goes.
    const grace = ctx.config.evidence.voidGraceMs;
    expect(
      await purgeEvidence(db(), ctx.app.gateways.files, { voidGraceMs: grace, now: Date.now() + 3600_000 }),
    ).toBe(0);
    // Two days on: the unused files go, the voided record's stay (30 days).
    const twoDays = await purgeEvidence(db(), ctx.app.gateways.files, {
      voidGraceMs: grace,
      now: Date.now() + 2 * DAY,
    });
    expect(twoDays).toBeGreaterThanOrEqual(unused.length);
    expect(unused.every((e) => !onDisk(e.storageKey))).toBe(true);
    expect(ofVoided.every((e) => onDisk(e.storageKey))).toBe(true);
    // Past the grace period: the voided record's files go; waiting records keep theirs.
    await purgeEvidence(db(), ctx.app.gateways.files, { voidGraceMs: grace, now: Date.now() + 31 * DAY });
    const after = await rowsOf();
    expect(after.map((e) => e.id).sort()).toEqual(waiting.map((e) => e.id).sort());
    expect(ofVoided.every((e) => !onDisk(e.storageKey))).toBe(true);
    expect(waiting.every((e) => onDisk(e.storageKey))).toBe(true);
  });
});
