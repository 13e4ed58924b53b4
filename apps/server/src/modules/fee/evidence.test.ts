/**
 * Evidence of other-means payments: the payer uploads images or PDFs (checked by their bytes, size and
 * count), records the payment naming them, and the finance office of the tenant reads them beside the
 * bill; nobody else ever does, and no input makes the server answer 5xx.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@server/db/schema';
import { billEvidence, bills } from '@server/db/schema-finance';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { multipartFile } from '@server-test/notice-fixtures';
import { makePng } from '@server-test/png-fixtures';
import {
  api,
  boundPersonId,
  COLLEGE,
  demoTokens,
  receivableId,
  UNI,
  userIdOf,
  type Tokens,
} from '@server-test/fee-fixtures';

const UPLOAD = '/api/blade-finance/fee/offline/evidence';
const jpeg = (size = 2048) => {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  return bytes;
};
const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('evidence of other-means payments', () => {
  let ctx: TestContext;
  let t: Tokens;
  let dataDir: string;
  let dorm: number; // student1's 2024-2025 dormitory fee, 400 yuan still owed
  let finance2: string;
  const db = () => ctx.database.db;
  const headers = (token: string, lang = 'en') => ({
    authorization: basicAuth(ctx.config),
    'accept-language': lang,
    'blade-auth': `bearer ${token}`,
  });
  const upload = (token: string, name: string, bytes: Buffer, lang = 'en') => {
    const body = multipartFile(name, bytes);
    return ctx.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...headers(token, lang), ...body.headers },
      payload: body.payload,
    });
  };
  const uploaded = async (token: string, name: string, bytes: Buffer): Promise<number> => {
    const res = await upload(token, name, bytes);
    if (res.statusCode !== 200) throw new Error(`upload: ${res.body}`);
    return res.json().data.id;
  };
  const record = (token: string, evidenceIds: unknown, amountFen = 100) =>
    api(ctx, 'POST', 'fee/offline', token, {
      body: {
        receivableId: dorm,
        amountFen,
        payMethod: 'bank transfer',
        payDate: new Date().toISOString().slice(0, 10),
        evidenceIds,
      },
    });
  const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers(token) });
  const ownUrl = (id: number | string) => `${UPLOAD}/${id}`;
  const officeUrl = (billId: number | string, id: number | string) =>
    `/api/blade-finance/admin/bill/${billId}/evidence/${id}`;
  const stored = () => {
    const dir = path.join(dataDir, 'bill-evidence', UNI);
    return readdirSync(dir).length;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-evidence-'));
    ctx = await createTestApp({ DATA_DIR: dataDir });
    t = await demoTokens(ctx);
    finance2 = await tokenFor(ctx, COLLEGE, 'finance2');
    dorm = await receivableId(db(), UNI, await boundPersonId(db(), UNI, 'student1'), 'DORM', '2024-2025');
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes images and PDFs, records the payment with them, and shows them to the office', async () => {
    const photo = await upload(t.student1, '转账截图.jpg', jpeg());
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().data).toMatchObject({
      name: '转账截图.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 2048,
    });
    const png = makePng(40, 30);
    // The type is the bytes', whatever the name says.
    const receipt = await upload(t.student1, 'receipt.jpeg', png);
    expect(receipt.json().data).toMatchObject({ mimeType: 'image/png' });
    const statement = await upload(t.student1, 'statement.pdf', pdf());
    expect(statement.json().data).toMatchObject({ mimeType: 'application/pdf' });
    const ids = [photo, receipt, statement].map((res) => res.json().data.id as number);
    // Files live in the tenant's own folder.
    expect(readdirSync(path.join(dataDir, 'bill-evidence', UNI))).toHaveLength(3);

    const recorded = await record(t.student1, ids);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const billId = recorded.json().data.id as number;
    const rows = await db().select().from(billEvidence).where(eq(billEvidence.billId, billId));
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());

    // The clerk's queue lists them with the bill, and the office reads each file.
    const list = await api(ctx, 'GET', 'admin/bill/list', t.finance1, { query: { status: 1, size: 100 } });
    const listed = list.json().data.records.find((bill: { id: number }) => bill.id === billId);
    expect(listed.evidence).toEqual([
      {
        id: ids[0],
        name: '转账截图.jpg',
        downloadName: `evidence-${ids[0]}.jpg`,
        mimeType: 'image/jpeg',
        sizeBytes: 2048,
      },
      {
        id: ids[1],
        name: 'receipt.jpeg',
        downloadName: `evidence-${ids[1]}.png`,
        mimeType: 'image/png',
        sizeBytes: png.length,
      },
      {
        id: ids[2],
        name: 'statement.pdf',
        downloadName: `evidence-${ids[2]}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: pdf().length,
      },
    ]);
    const office = await get(t.finance1, officeUrl(billId, ids[1]!));
    expect(office.statusCode).toBe(200);
    expect(office.headers['content-type']).toBe('image/png');
    expect(office.headers['x-content-type-options']).toBe('nosniff');
    expect(office.headers['cache-control']).toBe('private, no-store');
    expect(office.rawPayload.equals(png)).toBe(true);
    const officePdf = await get(t.finance1, officeUrl(billId, ids[2]!));
    expect(officePdf.headers['content-disposition']).toBe(`attachment; filename="evidence-${ids[2]}.pdf"`);
    expect(officePdf.rawPayload.equals(pdf())).toBe(true);
    // Each file the office opens is a download of a payer's data: one audit row each, with the bill.
    const opened = await ctx.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'admin GET /api/blade-finance/admin/bill/:id/evidence/:evidenceId'));
    expect(opened.map((row) => (row.detail as { params: unknown }).params)).toEqual([
      { id: billId, evidenceId: ids[1] },
      { id: billId, evidenceId: ids[2] },
    ]);

    // The payer reads their own files.
    const own = await get(t.student1, ownUrl(ids[0]!));
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(jpeg())).toBe(true);

    // A used file cannot be given to a second bill.
    const reused = await record(t.student1, [ids[0]]);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toBe(
      'The evidence file does not exist or is already used; please choose it again',
    );
  });

  it('shows the payer’s file names without bidi controls, and saves files under the server’s names', async () => {
    const poly = await upload(t.student1, 'poly.pdf.html', pdf());
    // A right-to-left override: shown as "scanexe.pdf", really scan…exe.
    const rlo = await upload(t.student1, 'scan\u202efdp.exe', makePng(4, 4));
    expect(rlo.statusCode, rlo.body).toBe(200);
    expect(rlo.json().data).toMatchObject({ name: 'scanfdp.exe', mimeType: 'image/png' });
    const ids = [poly, rlo].map((res) => res.json().data.id as number);
    const stored = await db().select().from(billEvidence).where(eq(billEvidence.id, ids[1]!));
    expect(stored[0]!.name).toBe('scanfdp.exe');
    // A name stored before the rule is shown cleaned too.
    await db()
      .update(billEvidence)
      .set({ name: 'old\u202e\u200bgpj.exe' })
      .where(eq(billEvidence.id, ids[1]!));
    const recorded = await record(t.student1, ids);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const billId = recorded.json().data.id as number;
    const list = await api(ctx, 'GET', 'admin/bill/list', t.finance1, { query: { status: 1, size: 100 } });
    const listed = list.json().data.records.find((bill: { id: number }) => bill.id === billId);
    expect(listed.evidence).toMatchObject([
      { id: ids[0], name: 'poly.pdf.html', downloadName: `evidence-${ids[0]}.pdf` },
      { id: ids[1], name: 'oldgpj.exe', downloadName: `evidence-${ids[1]}.png` },
    ]);
    for (const [id, ext] of [
      [ids[0], 'pdf'],
      [ids[1], 'png'],
    ] as const) {
      const file = await get(t.finance1, officeUrl(billId, id!));
      expect(file.headers['content-disposition']).toBe(`attachment; filename="evidence-${id}.${ext}"`);
    }
    // Reviewed: student1 stays under the 3 records with files waiting (the quota) for the tests below.
    expect((await api(ctx, 'POST', `admin/bill/${billId}/review`, t.finance1)).statusCode).toBe(200);
  });

  it('refuses what is not an image or a PDF by its bytes, with a translated message', async () => {
    const before = stored();
    const exe = await upload(t.student1, 'receipt.jpg', Buffer.from('MZ\x90\x00 this is a program'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({
      success: false,
      code: 415,
      msg: 'Evidence must be a JPG, PNG or WebP image or a PDF file',
    });
    const svg = await upload(t.student1, 'receipt.png', Buffer.from('<svg onload="alert(1)"/>'), 'zh-CN');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().msg).toBe('凭证只能是 JPG、PNG、WebP 图片或 PDF 文件');
    const gif = await upload(t.student1, 'receipt.gif', Buffer.from('GIF89a\x01\x00\x01\x00'));
    expect(gif.statusCode).toBe(415);
    const empty = await upload(t.student1, 'empty.jpg', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('Choose an evidence file');
    expect(stored()).toBe(before);
  });

  it('refuses a file over 10 MB, and more than five files to one payment', async () => {
    const before = stored();
    const big = await upload(t.student1, 'big.jpg', jpeg(10 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe('Each evidence file must be at most 10 MB');
    const bigZh = await upload(t.student1, 'big.jpg', jpeg(10 * 1024 * 1024 + 1), 'zh-CN');
    expect(bigZh.json().msg).toBe('每个凭证文件不能超过 10 MB');
    expect(stored()).toBe(before);
    // Exactly 10 MB is fine.
    expect((await upload(t.student1, 'full.jpg', jpeg(10 * 1024 * 1024))).statusCode).toBe(200);

    const six: number[] = [];
    for (let i = 0; i < 6; i++) six.push(await uploaded(t.student1, `p${i}.jpg`, jpeg(100 + i)));
    const billsBefore = (await db().select().from(bills).where(eq(bills.receivableId, dorm))).length;
    const tooMany = await record(t.student1, six);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('At most 5 evidence files can be attached to a payment');
    // A refused record leaves no bill and uses none of the files.
    expect((await db().select().from(bills).where(eq(bills.receivableId, dorm))).length).toBe(billsBefore);
    // The same five named twice are five.
    const five = six.slice(0, 5);
    expect((await record(t.student1, [...five, ...five])).statusCode).toBe(200);
  });

  it('keeps files behind the tenant and user walls: a guessed id opens nothing', async () => {
    const id = await uploaded(t.student1, 'mine.jpg', jpeg(333));
    const recorded = await record(t.student1, [id]);
    const billId = recorded.json().data.id as number;
    const notFound = 'The evidence file does not exist or is already used; please choose it again';

    // Another user of the same tenant, another tenant's user, and a visitor without a token.
    for (const token of [t.teacher1, t.guest1, t.student2, t.finance1]) {
      const res = await get(token, ownUrl(id));
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(notFound);
    }
    expect((await ctx.app.inject({ method: 'GET', url: ownUrl(id) })).statusCode).toBe(401);
    // Only the finance office reads through the bill; another tenant's office finds nothing.
    expect((await get(t.student1, officeUrl(billId, id))).statusCode).toBe(403);
    expect((await get(t.teacher1, officeUrl(billId, id))).statusCode).toBe(403);
    expect((await get(finance2, officeUrl(billId, id))).statusCode).toBe(404);
    // The file is the bill's only: named with another bill it is not found.
    expect((await get(t.finance1, officeUrl(billId + 1, id))).statusCode).toBe(404);
    expect((await get(t.finance1, officeUrl(billId, id))).statusCode).toBe(200);

    // Someone else's upload cannot be given to one's own bill (nor the other way round).
    const teachers = await uploaded(t.teacher1, 'theirs.jpg', jpeg(444));
    const stolen = await record(t.student1, [teachers]);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().msg).toBe(notFound);
    const [row] = await db().select().from(billEvidence).where(eq(billEvidence.id, teachers));
    expect(row!.billId).toBeNull();
    // Another tenant's user uploads into their own tenant's folder.
    const college = await upload(t.student2, 'c.jpg', jpeg(555));
    expect(college.statusCode, college.body).toBe(200);
    expect(readdirSync(path.join(dataDir, 'bill-evidence', COLLEGE))).toHaveLength(1);
    expect((await get(t.student1, ownUrl(college.json().data.id))).statusCode).toBe(404);
    // Only a bound payer uploads at all.
    const unbound = await upload(await tokenFor(ctx, UNI, 'finance1'), 'x.jpg', jpeg());
    expect(unbound.statusCode).toBe(400);
  });

  it('keeps at most ten unused files per payer: a form given up makes room', async () => {
    const teacherId = await userIdOf(db(), UNI, 'teacher1');
    for (let i = 0; i < 12; i++) await uploaded(t.teacher1, `t${i}.jpg`, jpeg(600 + i));
    const unused = (
      await db().select().from(billEvidence).where(eq(billEvidence.uploadedBy, teacherId))
    ).filter((row) => row.billId === null);
    expect(unused).toHaveLength(10);
    // The newest stay.
    expect(Math.min(...unused.map((row) => row.sizeBytes))).toBe(602);
    const rows = await db().select().from(billEvidence).where(eq(billEvidence.tenantId, UNI));
    expect(stored()).toBe(rows.length);
  });

  it('never answers 5xx: NUL bytes, huge ids, wrong types and broken multipart are refused', async () => {
    const ids = fc.oneof(
      fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
      fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
      fc.constantFrom(
        '%00',
        '1%00',
        '0',
        '-1',
        '1e3',
        '0x10',
        '9'.repeat(500),
        '..%2F..%2Fsecrets.json',
        '1.5',
      ),
    );
    await fc.assert(
      fc.asyncProperty(ids, ids, async (a, b) => {
        // Callers who own none of the files: whatever the ids, a refusal.
        for (const [token, url] of [
          [t.guest1, ownUrl(a)],
          [finance2, officeUrl(a, b)],
        ] as const) {
          const res = await get(token, url);
          expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, url).toBeLessThan(500);
          expect(res.json().success, url).toBe(false);
        }
      }),
      { numRuns: 60 },
    );

    const evidenceIds = fc.oneof(
      fc.array(fc.oneof(fc.integer(), fc.string({ unit: 'binary' }), fc.double(), fc.constant(null)), {
        maxLength: 60,
      }),
      fc.string({ unit: 'binary' }),
      fc.dictionary(fc.string(), fc.integer()),
    );
    await fc.assert(
      fc.asyncProperty(evidenceIds, async (value) => {
        const res = await record(t.student1, value);
        // Only no files at all records a payment (evidence is not required: spec §5 names method and date).
        expect(res.statusCode).toBe(Array.isArray(value) && value.length === 0 ? 200 : 400);
      }),
      { numRuns: 60 },
    );

    const raw = (contentType: string, payload: Buffer | string) =>
      ctx.app.inject({
        method: 'POST',
        url: UPLOAD,
        // teacher1: student1 has three records with files waiting by now (the quota's limit).
        headers: { ...headers(t.teacher1), 'content-type': contentType },
        payload,
      });
    const boundary = 'cfboundary';
    const part = (head: string, body: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
        Buffer.from(body),
        Buffer.from('\r\n'),
      ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const multipart = `multipart/form-data; boundary=${boundary}`;
    // [content type, body, status]: the first file part counts, anything unreadable is the sender's 400.
    const attempts: [string, Buffer | string, number][] = [
      ['application/json', JSON.stringify({ file: 'x' }), 400],
      ['multipart/form-data', 'no boundary at all', 400],
      [multipart, 'not multipart inside', 400],
      [multipart, Buffer.concat([part('Content-Disposition: form-data; name="note"', 'x'), end]), 400],
      [
        multipart,
        Buffer.concat([
          part('Content-Disposition: form-data; name="file"; filename="a.jpg"', jpeg(64)),
          part('Content-Disposition: form-data; name="file"; filename="b.jpg"', jpeg(64)),
          end,
        ]),
        200,
      ],
      [multipart, part('Content-Disposition: form-data; name="file"; filename="cut.jpg"', jpeg(64)), 400],
      [
        multipart,
        Buffer.concat([
          part('Content-Disposition: form-data; name="file"; filename="z.jpg"', Buffer.alloc(64)),
          end,
        ]),
        415,
      ],
      ['text/plain', '\u0000\u0000', 400],
    ];
    for (const [type, payload, status] of attempts) {
      const res = await raw(type, payload);
      expect(res.statusCode, `${type} ${String(payload).slice(0, 60)}`).toBe(status);
      expect(res.json().success).toBe(status === 200);
    }
    // A NUL in the sent name is dropped from the label, not stored.
    const named = await raw(
      multipart,
      Buffer.concat([
        part('Content-Disposition: form-data; name="file"; filename="a\u0000b.jpg"', jpeg(64)),
        end,
      ]),
    );
    expect(named.json().data.name).toBe('ab.jpg');
  });
});
