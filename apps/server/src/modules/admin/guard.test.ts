/**
 * The finance-office scope as a whole: every route the OpenAPI document lists under
 * /api/blade-finance/admin/ refuses a signed-in user without the finance role (403, nothing
 * audited), and every write of it that succeeds leaves exactly one `admin POST <route>` audit row.
 * The gate runs before the body is read: with a malformed path, query and body, every admin route
 * (/api/blade-finance/admin/ and /api/blade-desk/admin/) answers 401 without a token and 403 without
 * the role; only a caller with the role learns the translated 400, and no audit row is written for it.
 */
import { and, count, desc, eq, like } from 'drizzle-orm';
import { translate } from '@cf/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students, userBindings } from '@server/db/schema';
import { bills, feeItems, receivables } from '@server/db/schema-finance';
import { importJobs } from '@server/db/schema-imports';
import { invoices } from '@server/db/schema-invoice';
import { reminderCampaigns, reminderSchedules } from '@server/db/schema-reminder';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import {
  UNI,
  createPayOrder,
  deliver,
  enableChannels,
  paymentFacts,
  userIdOf,
} from '@server-test/pay-fixtures';
import { closeOrder } from '@server/modules/pay/channels/close';
import { managerToken } from '@server-test/console-fixtures';
import { feeItemId } from '@server-test/fee-fixtures';

const PREFIX = '/api/blade-finance/admin/';
/** Every route of the admin scope (modules/admin/routes.ts): the finance office's and the notice desk's. */
const ADMIN_PATH = /^\/api\/blade-[a-z]+\/admin\//;

interface Op {
  method: string;
  /** OpenAPI form: /api/blade-finance/admin/bill/{id}/review */
  path: string;
  required: string[];
}

/** Values for a body's required fields (403 must come from the role, not from validation). */
const BODY_VALUES: Record<string, unknown> = {
  amountFen: 100,
  reason: 'guard test',
  note: 'guard test',
  billDate: '2026-01-05',
  channel: 'wechat',
  params: {},
  modules: [],
  kind: 'manual',
  name: 'guard test',
  timing: 'after_pay',
  templates: {},
  itemCode: 'TUITION',
  daysBefore: 3,
};

/** A path with its parameters filled (an id, an evidence file's id, a channel, a provider kind). */
const pathOf = (path: string, id: number | string = 1, kind?: string) =>
  path
    .replace('{id}', String(id))
    .replace('{evidenceId}', '1')
    .replace('{channel}', 'wechat')
    .replace('{kind}', kind ?? (path.includes('/import/') ? 'people' : 'sms'));

/** POST routes that change nothing (config.audited false): no audit row. */
const UNAUDITED = new Set(['POST /api/blade-finance/admin/reminder/audience']);

/** Routes a clerk may not call: their writes below are made by a finance manager. */
const MANAGER_ROUTES = new Set([
  'POST /api/blade-finance/admin/receivable/{id}/waive',
  'POST /api/blade-finance/admin/receivable/{id}/reduce',
  'POST /api/blade-finance/admin/receivable/{id}/defer',
]);

let ctx: TestContext;
/** The routes under PREFIX. */
let ops: Op[];
/** Every route of the admin scope. */
let adminOps: Op[];
let student1: string;
let finance1: string;
let manager: string;
let simulator: WechatPaySimulator;
const db = () => ctx.database.db;

const call = (token: string, method: string, url: string, body?: Record<string, unknown>) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { ...bladeAuth(token), 'accept-language': 'en' },
    ...(body ? { payload: body } : {}),
  });

async function adminAuditRows(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(auditLog).where(like(auditLog.action, 'admin %'));
  return Number(row!.n);
}

const bodyOf = (op: Op) =>
  Object.fromEntries(
    op.required.map((name) => {
      if (!(name in BODY_VALUES)) throw new Error(`${op.method} ${op.path}: add a value for "${name}"`);
      return [name, BODY_VALUES[name]];
    }),
  );

/** An other-means bill of student1's, waiting for review (status 1). */
async function pendingBill(fen: number): Promise<number> {
  const studentId = await userIdOf(db(), UNI, 'student1');
  const [binding] = await db().select().from(userBindings).where(eq(userBindings.userId, studentId));
  const [receivable] = await db()
    .insert(receivables)
    .values({
      tenantId: UNI,
      category: 'FEE',
      personType: 'student',
      personId: binding!.studentId!,
      schoolYear: '2030-2031',
      itemCode: `GUARD-${fen}`,
      itemName: `Guard ${fen}`,
      payableFen: fen,
      allowPartial: true,
    })
    .returning();
  const res = await call(student1, 'POST', '/api/blade-finance/fee/offline', {
    receivableId: receivable!.id,
    amountFen: fen,
    payMethod: 'cash',
    payDate: '2026-01-05',
  });
  expect(res.statusCode).toBe(200);
  const [bill] = await db().select().from(bills).where(eq(bills.receivableId, receivable!.id));
  return bill!.id;
}

/** A WeChat payment of student1's: of an open order (to refund), or after its order closed (an exception). */
async function wechatPaid(afterClose: boolean, fen: number) {
  const order = await createPayOrder(ctx, { amounts: [fen] });
  const prepay = await call(student1, 'POST', '/api/blade-finance/pay/prepay', {
    orderNo: order.orderNo,
    channel: 'wechat',
  });
  expect(prepay.statusCode).toBe(200);
  if (afterClose) expect(await closeOrder(ctx.app, order.id, 'cancelled')).toBe('closed');
  expect((await deliver(ctx, simulator.pay(order.orderNo, { allowClosed: afterClose }))).status).toBe(200);
  return { order, facts: await paymentFacts(db(), order) };
}

async function studentIdOf(no: string): Promise<number> {
  const [row] = await db()
    .select()
    .from(students)
    .where(and(eq(students.tenantId, UNI), eq(students.studentNo, no)));
  return row!.id;
}

/** A receivable of a student of UNI that owes `fen` and holds no order. */
async function owedReceivable(fen: number): Promise<number> {
  const [row] = await db()
    .insert(receivables)
    .values({
      tenantId: UNI,
      category: 'FEE',
      personType: 'student',
      personId: await studentIdOf('S2024003'),
      itemCode: `GUARD-ADJ-${Math.random()}`,
      itemName: 'Guard adjust',
      payableFen: fen,
    })
    .returning();
  return row!.id;
}

async function pendingBinding(): Promise<number> {
  const studentId = await userIdOf(db(), UNI, 'student1');
  const [binding] = await db()
    .update(userBindings)
    .set({ status: 'pending' })
    .where(eq(userBindings.userId, studentId))
    .returning();
  return binding!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(db(), UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  manager = await managerToken(ctx, UNI);
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
  const paths = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: { required?: string[] } }> } }>
  >;
  adminOps = Object.entries(paths)
    .filter(([path]) => ADMIN_PATH.test(path))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        required: op.requestBody?.content?.['application/json']?.schema?.required ?? [],
      })),
    );
  ops = adminOps.filter((op) => op.path.startsWith(PREFIX));
});
afterAll(() => ctx?.close());

describe('the finance-office scope (modules/admin)', () => {
  it('finds every finance-office route in the document', () => {
    expect(ops.map((op) => `${op.method} ${op.path}`).sort()).toEqual(
      [
        'GET /api/blade-finance/admin/audit/export',
        'GET /api/blade-finance/admin/audit/list',
        'GET /api/blade-finance/admin/bill/list',
        'GET /api/blade-finance/admin/bill/{id}/evidence/{evidenceId}',
        'GET /api/blade-finance/admin/binding/list',
        'GET /api/blade-finance/admin/dashboard',
        'GET /api/blade-finance/admin/fee-item/list',
        'GET /api/blade-finance/admin/fee-item/signature/list',
        'GET /api/blade-finance/admin/import/job/list',
        'GET /api/blade-finance/admin/import/job/{id}',
        'GET /api/blade-finance/admin/import/job/{id}/report',
        'GET /api/blade-finance/admin/import/{kind}/template',
        'GET /api/blade-finance/admin/invoice/list',
        'GET /api/blade-finance/admin/order/export',
        'GET /api/blade-finance/admin/order/list',
        'GET /api/blade-finance/admin/order/totals',
        'GET /api/blade-finance/admin/order/{id}',
        'GET /api/blade-finance/admin/payment-exception/list',
        'GET /api/blade-finance/admin/person/list',
        'GET /api/blade-finance/admin/person/{id}',
        'GET /api/blade-finance/admin/person/{id}/receivables',
        'GET /api/blade-finance/admin/rating/averages',
        'GET /api/blade-finance/admin/rating/export',
        'GET /api/blade-finance/admin/rating/list',
        'GET /api/blade-finance/admin/reconciliation/runs',
        'GET /api/blade-finance/admin/reconciliation/runs/{id}',
        'GET /api/blade-finance/admin/reconciliation/runs/{id}/export',
        'GET /api/blade-finance/admin/salary/months',
        'GET /api/blade-finance/admin/salary/other-income/batches',
        'GET /api/blade-finance/admin/salary/slip/list',
        'GET /api/blade-finance/admin/settings',
        'POST /api/blade-finance/admin/bill/{id}/review',
        'POST /api/blade-finance/admin/bill/{id}/void',
        'POST /api/blade-finance/admin/binding/{id}/approve',
        'POST /api/blade-finance/admin/binding/{id}/phone',
        'POST /api/blade-finance/admin/binding/{id}/refuse',
        'POST /api/blade-finance/admin/fee-item',
        'POST /api/blade-finance/admin/fee-item/{id}/update',
        'POST /api/blade-finance/admin/import/job/{id}/commit',
        'POST /api/blade-finance/admin/import/{kind}',
        'POST /api/blade-finance/admin/invoice/{id}/retry',
        'POST /api/blade-finance/admin/order/{id}/refund',
        'POST /api/blade-finance/admin/payment-exception/refund/{id}',
        'POST /api/blade-finance/admin/payment-exception/resolve/{id}',
        'POST /api/blade-finance/admin/person/{id}/update',
        'POST /api/blade-finance/admin/receivable/{id}/defer',
        'POST /api/blade-finance/admin/receivable/{id}/reduce',
        'POST /api/blade-finance/admin/receivable/{id}/waive',
        'POST /api/blade-finance/admin/reconciliation/runs',
        'POST /api/blade-finance/admin/settings/pay-channels/{channel}/check',
        'POST /api/blade-finance/admin/salary/import',
        'POST /api/blade-finance/admin/salary/other-income/import',
        'POST /api/blade-finance/admin/user/{id}/disable',
        'POST /api/blade-finance/admin/user/{id}/enable',
        'PUT /api/blade-finance/admin/fee-item/{id}/signature',
        'PUT /api/blade-finance/admin/settings/modules',
        'PUT /api/blade-finance/admin/settings/params',
        'PUT /api/blade-finance/admin/settings/pay-channels/{channel}',
        'PUT /api/blade-finance/admin/settings/providers/{kind}',
        'PUT /api/blade-finance/admin/settings/wechat-templates',
        'GET /api/blade-finance/admin/reminder/options',
        'POST /api/blade-finance/admin/reminder/audience',
        'POST /api/blade-finance/admin/reminder/campaign',
        'GET /api/blade-finance/admin/reminder/campaign/list',
        'GET /api/blade-finance/admin/reminder/campaign/{id}',
        'GET /api/blade-finance/admin/reminder/campaign/{id}/recipients',
        'POST /api/blade-finance/admin/reminder/campaign/{id}/stop',
        'GET /api/blade-finance/admin/reminder/schedule/list',
        'POST /api/blade-finance/admin/reminder/schedule',
        'POST /api/blade-finance/admin/reminder/schedule/{id}/cancel',
      ].sort(),
    );
  });

  it('answers 403 to a signed-in user without the finance role on every route, and audits nothing', async () => {
    const before = await adminAuditRows();
    for (const account of ['student1', 'teacher1']) {
      const token = await tokenFor(ctx, UNI, account);
      for (const op of ops) {
        const url = pathOf(op.path);
        const res = await call(token, op.method, url, op.method === 'GET' ? undefined : bodyOf(op));
        expect(res.statusCode, `${account} ${op.method} ${url}`).toBe(403);
        expect(res.json(), `${account} ${op.method} ${url}`).toMatchObject({ code: 403, success: false });
      }
    }
    expect(await adminAuditRows()).toBe(before);
  });

  it('leaves one audit row for every write that succeeded', async () => {
    const teacherId = await userIdOf(db(), UNI, 'teacher1');
    const [billToReview, billToVoid] = [await pendingBill(31_001), await pendingBill(31_002)];
    const paid = await wechatPaid(false, 32_001);
    const [toRefund] = (await wechatPaid(true, 32_002)).facts.exceptions;
    const [toResolve] = (await wechatPaid(true, 32_003)).facts.exceptions;

    const admin1 = await tokenFor(ctx, UNI, 'admin1');
    /** Per write route: the id it acts on (made ready just before the call), its body and query. */
    const writes: Record<
      string,
      () => Promise<{
        id?: number;
        kind?: string;
        body?: Record<string, unknown>;
        query?: string;
        token?: string;
      }>
    > = {
      'POST /api/blade-finance/admin/bill/{id}/review': async () => ({ id: billToReview }),
      'POST /api/blade-finance/admin/bill/{id}/void': async () => ({ id: billToVoid }),
      'POST /api/blade-finance/admin/binding/{id}/approve': async () => ({ id: await pendingBinding() }),
      // Reading a held phone in full is audited as a write is.
      'POST /api/blade-finance/admin/binding/{id}/phone': async () => ({ id: await pendingBinding() }),
      'POST /api/blade-finance/admin/settings/pay-channels/{channel}/check': async () => ({ token: admin1 }),
      'POST /api/blade-finance/admin/binding/{id}/refuse': async () => ({
        id: await pendingBinding(),
        body: { reason: 'guard test' },
      }),
      'POST /api/blade-finance/admin/order/{id}/refund': async () => ({
        id: paid.order.id,
        body: { amountFen: 100, reason: 'guard test', kind: 'refundOnly' },
      }),
      'POST /api/blade-finance/admin/payment-exception/refund/{id}': async () => ({ id: toRefund!.id }),
      'POST /api/blade-finance/admin/payment-exception/resolve/{id}': async () => ({
        id: toResolve!.id,
        body: { note: 'Paid back in cash' },
      }),
      'POST /api/blade-finance/admin/user/{id}/disable': async () => ({ id: teacherId }),
      'POST /api/blade-finance/admin/user/{id}/enable': async () => ({ id: teacherId }),
      'POST /api/blade-finance/admin/invoice/{id}/retry': async () => {
        const [failed] = await db()
          .insert(invoices)
          .values({
            tenantId: UNI,
            orderId: paid.order.id,
            userId: teacherId,
            status: 'failed',
            amountFen: 32_001,
            taxpayerType: 'person',
            invoiceType: 'general',
            payerName: '张三',
            busNo: 'EBGUARD-1',
            failReason: 'guard test',
          })
          .returning();
        return { id: failed!.id };
      },
      'POST /api/blade-finance/admin/fee-item': async () => ({
        body: { kind: 'manual', name: '守卫测试', priceFen: 100 },
      }),
      'POST /api/blade-finance/admin/fee-item/{id}/update': async () => {
        const [item] = await db().select().from(feeItems).where(eq(feeItems.tenantId, UNI)).limit(1);
        return { id: item!.id, body: { kind: 'manual', name: '守卫测试 2', priceFen: 200 } };
      },
      'POST /api/blade-finance/admin/person/{id}/update': async () => ({
        id: await studentIdOf('S2024003'),
        body: { className: '守卫2401' },
      }),
      'POST /api/blade-finance/admin/receivable/{id}/waive': async () => ({
        id: await owedReceivable(5_000),
        body: { reason: 'guard test' },
      }),
      'POST /api/blade-finance/admin/receivable/{id}/reduce': async () => ({
        id: await owedReceivable(5_000),
        body: { amountFen: 100, reason: 'guard test', kind: 'refundOnly' },
      }),
      'POST /api/blade-finance/admin/receivable/{id}/defer': async () => ({
        id: await owedReceivable(5_000),
        body: { amountFen: 100, reason: 'guard test', kind: 'refundOnly' },
      }),
      // A load is audited whatever its line report says (here: an empty file, nothing stored).
      'POST /api/blade-finance/admin/salary/import': async () => ({ query: '?period=2027-05' }),
      'POST /api/blade-finance/admin/salary/other-income/import': async () => ({}),
      'POST /api/blade-finance/admin/reconciliation/runs': async () => ({
        body: { billDate: '2026-01-05', channel: 'wechat' },
      }),
      // The tenant's settings: its administrator's (admin1).
      'PUT /api/blade-finance/admin/settings/modules': async () => ({
        body: { modules: ['fee', 'order'] },
        token: admin1,
      }),
      'PUT /api/blade-finance/admin/settings/params': async () => ({
        body: { params: { bind_studentNoAlias: 'guard' } },
        token: admin1,
      }),
      'PUT /api/blade-finance/admin/settings/pay-channels/{channel}': async () => ({
        body: { enabled: true },
        token: admin1,
      }),
      'PUT /api/blade-finance/admin/settings/providers/{kind}': async () => ({
        body: { sender: 'guard' },
        token: admin1,
      }),
      'PUT /api/blade-finance/admin/settings/wechat-templates': async () => ({
        body: { templates: { receipt: 'guardTemplate' } },
        token: admin1,
      }),
      // An upload is audited whatever the file (here: empty); the commit of a checked job without errors.
      'POST /api/blade-finance/admin/import/{kind}': async () => ({ kind: 'fee-items' }),
      'POST /api/blade-finance/admin/import/job/{id}/commit': async () => {
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
        return { id: job!.id };
      },
      'PUT /api/blade-finance/admin/fee-item/{id}/signature': async () => ({
        id: await feeItemId(db(), UNI, 'Textbooks'),
        body: { timing: 'before_pay' },
      }),
      // Fee reminders: a count (no row), a campaign and stopping one, a schedule and cancelling one.
      'POST /api/blade-finance/admin/reminder/audience': async () => ({ body: { itemCode: 'TUITION' } }),
      'POST /api/blade-finance/admin/reminder/campaign': async () => ({ body: { itemCode: 'TUITION' } }),
      'POST /api/blade-finance/admin/reminder/campaign/{id}/stop': async () => {
        const [campaign] = await db()
          .insert(reminderCampaigns)
          .values({
            tenantId: UNI,
            itemCode: 'TUITION',
            filter: { itemCode: 'TUITION', skipPendingReview: false },
          })
          .returning();
        return { id: campaign!.id };
      },
      'POST /api/blade-finance/admin/reminder/schedule': async () => ({
        body: { itemCode: 'DORM', daysBefore: 5 },
      }),
      'POST /api/blade-finance/admin/reminder/schedule/{id}/cancel': async () => {
        const [schedule] = await db()
          .insert(reminderSchedules)
          .values({ tenantId: UNI, itemCode: 'INSURANCE', daysBefore: 2 })
          .returning();
        return { id: schedule!.id };
      },
    };
    const writeOps = ops.filter((op) => op.method !== 'GET');
    expect(writeOps.map((op) => `${op.method} ${op.path}`).sort()).toEqual(Object.keys(writes).sort());

    // Disable before enable, approve before refuse: the order the document lists them in may differ.
    for (const key of Object.keys(writes)) {
      const op = writeOps.find((o) => `${o.method} ${o.path}` === key)!;
      const { id, kind, body, query = '', token = finance1 } = await writes[key]!();
      const before = await adminAuditRows();
      const res = await call(
        MANAGER_ROUTES.has(key) ? manager : token,
        op.method,
        pathOf(op.path, id, kind) + query,
        body,
      );
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      if (UNAUDITED.has(key)) {
        expect(await adminAuditRows(), key).toBe(before);
        continue;
      }
      expect(await adminAuditRows(), key).toBe(before + 1);
      const action = `admin ${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
      const [row] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, UNI)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      const params = id ? { id } : kind ? { kind } : {};
      expect(row, key).toMatchObject({ action, detail: { params, status: 200 } });
    }
  });

  describe('the gate runs before the body is read', () => {
    /** A path whose parameters are no ids, a query of nonsense, and (for a write) a body that is no JSON. */
    const malformed = (op: Op, token?: string) =>
      ctx.app.inject({
        method: op.method as 'GET',
        url:
          op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'kind' ? 'no-such-kind' : 'abc')) +
          '?current=abc&size=-5&from=not-a-date&to=2026-13-45',
        headers: {
          ...(token ? bladeAuth(token) : {}),
          'accept-language': 'en',
          ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(op.method === 'GET' ? {} : { payload: '{"amountFen": "no", ' }),
      });

    /** The lowest level a route asks for (config.financeLevel): settings are the tenant admin's. */
    const levelOf = (op: Op) =>
      MANAGER_ROUTES.has(`${op.method} ${op.path}`)
        ? 'manager'
        : op.path.startsWith(`${PREFIX}settings`)
          ? 'admin'
          : 'clerk';

    it('covers both desks of the scope', () => {
      expect(adminOps.length).toBeGreaterThan(ops.length);
      expect(adminOps.some((op) => op.path.startsWith('/api/blade-desk/admin/notice'))).toBe(true);
    });

    it('answers 401 without a token to every admin route, whatever the path, query and body', async () => {
      const before = await adminAuditRows();
      for (const op of adminOps) {
        const res = await malformed(op);
        expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 401, success: false });
      }
      expect(await adminAuditRows()).toBe(before);
    });

    it('answers 403 to a signed-in caller without the role, or below the route’s level', async () => {
      const before = await adminAuditRows();
      for (const op of adminOps) {
        const res = await malformed(op, student1);
        expect(res.statusCode, `student1 ${op.method} ${op.path}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 403, success: false });
      }
      const above = adminOps.filter((op) => levelOf(op) !== 'clerk');
      expect(above.length).toBeGreaterThan(5);
      for (const op of above) {
        const res = await malformed(op, finance1);
        expect(res.statusCode, `finance1 ${op.method} ${op.path}: ${res.body}`).toBe(403);
      }
      expect(await adminAuditRows()).toBe(before);
    });

    it('answers the role its translated 400 for a malformed body, and audits nothing', async () => {
      const admin1 = await tokenFor(ctx, UNI, 'admin1');
      const before = await adminAuditRows();
      const send = (op: Op, payload: string, lang: 'en' | 'zh') =>
        ctx.app.inject({
          method: op.method as 'POST',
          url: pathOf(op.path),
          headers: { ...bladeAuth(admin1), 'accept-language': lang, 'content-type': 'application/json' },
          payload,
        });
      const writes = adminOps.filter((op) => op.method !== 'GET');
      expect(writes.length).toBeGreaterThan(30);
      for (const op of writes) {
        for (const lang of ['en', 'zh'] as const) {
          const res = await send(op, '{"amountFen": "no", ', lang);
          expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(400);
          expect(res.json().msg).toBe(translate('common.malformedJson', lang));
        }
      }
      // Well-formed JSON that misses what the schema requires: the field's message, in both languages.
      const withRequired = writes.filter((op) => op.required.length > 0);
      expect(withRequired.length).toBeGreaterThan(10);
      for (const op of withRequired) {
        const [en, zh] = [await send(op, '{}', 'en'), await send(op, '{}', 'zh')];
        for (const res of [en, zh]) expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(400);
        expect(en.json().msg, `${op.method} ${op.path}`).toMatch(/^[\x20-\x7e]+$/);
        expect(zh.json().msg, `${op.method} ${op.path}`).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(await adminAuditRows()).toBe(before);
    });
  });
});
