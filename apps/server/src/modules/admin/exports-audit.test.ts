/**
 * Finance data leaving the system is audited: every file the finance office downloads (orders, the audit
 * log, a reconciliation run, an import report) leaves exactly one `admin GET <route>` row saying who,
 * from where, the filter and how many rows; a refused export leaves none, and an export whose row cannot
 * be written is not sent. A blank template carries no data and is not audited.
 */
import { translate } from '@cf/shared/messages';
import { and, count, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '@server/db/schema';
import { importJobs } from '@server/db/schema-imports';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { consoleCall } from '@server-test/console-fixtures';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { UNI, enableChannels, userIdOf } from '@server-test/pay-fixtures';

const ADMIN = '/api/blade-finance/admin';

let ctx: TestContext;
let call: ReturnType<typeof consoleCall>;
let finance1: string;
let runId: number;
let jobId: number;
let docPaths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
const db = () => ctx.database.db;

async function rowsOf(action: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, UNI), eq(auditLog.action, action)));
  return Number(row!.n);
}

async function adminRows() {
  const [row] = await db().select({ n: count() }).from(auditLog).where(like(auditLog.action, 'admin %'));
  return Number(row!.n);
}

beforeAll(async () => {
  ctx = await createTestApp();
  call = consoleCall(ctx);
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  await enableChannels(db(), UNI);
  const run = await call(finance1, 'POST', `${ADMIN}/reconciliation/runs`, {
    billDate: '2026-01-05',
    channel: 'wechat',
  });
  expect(run.statusCode).toBe(200);
  runId = run.json().data.id;
  const [job] = await db()
    .insert(importJobs)
    .values({
      tenantId: UNI,
      kind: 'people',
      file: Buffer.from('人员类型,学号/工号,姓名,证件号码\n学生,S2031001,甲,110101200601081111'),
      status: 'checked',
      rows: 1,
      created: 1,
    })
    .returning();
  jobId = job!.id;
  docPaths = (await ctx.app.inject({ url: '/api/docs/json' })).json().paths;
});
afterAll(() => ctx?.close());

/** Each file route (OpenAPI form), a URL of it that succeeds, and what its row says of the rows. */
const DOWNLOADS: Record<string, () => { url: string; detail: Record<string, unknown> }> = {
  [`${ADMIN}/order/export`]: () => ({
    url: `${ADMIN}/order/export?payStatus=PAID&from=2020-01-01&to=2030-12-31`,
    detail: { query: { payStatus: 'PAID', from: '2020-01-01', to: '2030-12-31' }, rows: expect.any(Number) },
  }),
  [`${ADMIN}/audit/export`]: () => ({
    url: `${ADMIN}/audit/export?action=admin`,
    detail: { query: { action: 'admin' }, rows: expect.any(Number) },
  }),
  [`${ADMIN}/rating/export`]: () => ({
    url: `${ADMIN}/rating/export?commented=true&score=5`,
    detail: { query: { commented: true, score: 5 }, rows: expect.any(Number) },
  }),
  [`${ADMIN}/reconciliation/runs/{id}/export`]: () => ({
    url: `${ADMIN}/reconciliation/runs/${runId}/export`,
    detail: { params: { id: runId }, billDate: '2026-01-05', channel: 'wechat', rows: 0 },
  }),
  [`${ADMIN}/import/job/{id}/report`]: () => ({
    url: `${ADMIN}/import/job/${jobId}/report`,
    detail: { params: { id: jobId }, kind: 'people', rows: 1, problems: 0 },
  }),
};
/** Files audited like the others, whose row is checked where their fixtures live. */
const AUDITED_ELSEWHERE = [
  // modules/fee/evidence.test.ts: a payer's evidence the office opens.
  `${ADMIN}/bill/{id}/evidence/{evidenceId}`,
];
/** Files that carry none of the tenant's data (config.audited false). */
const NOT_AUDITED = [
  `${ADMIN}/import/{kind}/template`,
  '/api/blade-desk/admin/notice/{id}/attachment/{attachmentId}',
];

const actionOf = (route: string) => `admin GET ${route.replace(/\{(\w+)\}/g, ':$1')}`;

describe('exports leave an audit row', () => {
  it('knows every admin GET that answers a file (no JSON reply in the document)', () => {
    const files = Object.entries(docPaths)
      .filter(([path, methods]) => /^\/api\/blade-[a-z]+\/admin\//.test(path) && methods.get)
      .filter(([, methods]) => !methods.get!.responses?.['200']?.content)
      .map(([path]) => path);
    expect(files.sort()).toEqual([...Object.keys(DOWNLOADS), ...AUDITED_ELSEWHERE, ...NOT_AUDITED].sort());
  });

  it('writes exactly one row per file handed out: who, from where, the filter, how many rows', async () => {
    const financeId = await userIdOf(db(), UNI, 'finance1');
    for (const [route, make] of Object.entries(DOWNLOADS)) {
      const { url, detail } = make();
      const before = await adminRows();
      const res = await ctx.app.inject({
        url,
        headers: { ...bladeAuth(finance1), 'accept-language': 'en' },
        remoteAddress: '10.1.2.3',
      });
      expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-disposition'], route).toMatch(/^attachment/);
      expect(await adminRows(), route).toBe(before + 1);
      const [row] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, actionOf(route)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row, route).toMatchObject({
        tenantId: UNI,
        userId: financeId,
        ip: '10.1.2.3',
        detail: { status: 200, ...detail },
      });
    }
  });

  it('counts the rows that left: the order export says how many orders its file holds', async () => {
    const res = await call(finance1, 'GET', `${ADMIN}/order/list?size=1`);
    const total = res.json().data.total as number;
    await call(finance1, 'GET', `${ADMIN}/order/export`);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, actionOf(`${ADMIN}/order/export`)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.detail).toMatchObject({ rows: total, query: {} });
  });

  it('writes none for a template, a refused export or a caller without the role', async () => {
    const before = await adminRows();
    const template = await call(finance1, 'GET', `${ADMIN}/import/people/template`);
    expect(template.statusCode).toBe(200);
    const refused = [
      // A day range the wrong way round; another tenant's or no run; no job.
      `${ADMIN}/order/export?from=2026-02-01&to=2026-01-01`,
      `${ADMIN}/audit/export?from=2026-02-01&to=2026-01-01`,
      `${ADMIN}/reconciliation/runs/999999/export`,
      `${ADMIN}/import/job/999999/report`,
    ];
    for (const url of refused) {
      const res = await call(finance1, 'GET', url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const student1 = await tokenFor(ctx, UNI, 'student1');
    expect((await call(student1, 'GET', `${ADMIN}/order/export`)).statusCode).toBe(403);
    const finance2 = await tokenFor(ctx, '100002', 'finance2');
    expect((await call(finance2, 'GET', `${ADMIN}/reconciliation/runs/${runId}/export`)).statusCode).toBe(
      404,
    );
    expect(await adminRows()).toBe(before);
  });

  it('does not send a file whose audit row cannot be written', async () => {
    const route = `${ADMIN}/audit/export`;
    const before = await rowsOf(actionOf(route));
    const insert = vi.spyOn(ctx.app.db, 'insert').mockImplementationOnce(() => {
      throw new Error('audit log unavailable');
    });
    try {
      const res = await call(finance1, 'GET', route);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json()).toMatchObject({ success: false, msg: translate('common.internalError', 'en') });
    } finally {
      insert.mockRestore();
    }
    expect(await rowsOf(actionOf(route))).toBe(before);
  });
});
