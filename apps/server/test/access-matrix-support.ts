/**
 * Support of the access matrix (access-matrix.test.ts): the victim's planted data and the markers
 * that identify it, the callers, the fillers that put the victim's ids into any route's
 * parameters by name, a fingerprint of every table, and the check of one reply.
 */
import { aesDecrypt, aesEncrypt } from '@cf/shared/wire-crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FillerName, RouteRule } from '@server/access-matrix-routes';
import { queryRows, type Db } from '@server/db/client';
import { oauthLinks, roles, userBindings, users, verificationCodes } from '@server/db/schema';
import { otherIncomes, salarySlips } from '@server/db/schema-salary';
import {
  billEvidence,
  bills,
  feeItems,
  orderItems,
  orders,
  paymentExceptions,
  receivables,
} from '@server/db/schema-finance';
import { importJobs } from '@server/db/schema-imports';
import { noticeAttachments, notices } from '@server/db/schema-notice';
import { reconciliationRuns } from '@server/db/schema-reconciliation';
import { reminderCampaigns, reminderSchedules } from '@server/db/schema-reminder';
import { startDueCampaign } from '@server/modules/reminder/campaign-status';
import { issueTokens } from '@server/modules/auth/tokens';
import { userSubject, visitorSubject } from '@server/modules/auth/subject';
import { pay } from './fee-fixtures';
import { signVerifyToken } from '@server/modules/user/verify-token';
import { allowResend, resetRateLimits } from './user-fixtures';
import { basicAuth, TEST_WIRE_KEY, type TestContext } from './helpers';
import { createPayOrder, userIdOf } from './pay-fixtures';

export const UNI = '100001';
export const COLLEGE = '100002';

// ---------------------------------------------------------------- routes of an app

export interface RouteOp {
  /** `METHOD /path/{param}` as in the table (ALL for app.all). */
  key: string;
  method: string;
  path: string;
}

/** Fastify's route URL in the table's (OpenAPI) form: `:id` -> `{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Routes as the onRoute hook saw them (HEAD twins of GET routes left out). */
export function routeOps(recorded: { method: string | string[]; url: string }[]): RouteOp[] {
  const ops = new Map<string, RouteOp>();
  for (const r of recorded) {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const path = openApiPath(r.url);
    if (methods.length > 3) ops.set(`ALL ${path}`, { key: `ALL ${path}`, method: 'ALL', path });
    else
      for (const m of methods)
        if (m !== 'HEAD') ops.set(`${m} ${path}`, { key: `${m} ${path}`, method: m, path });
  }
  return [...ops.values()].sort((a, b) => a.key.localeCompare(b.key));
}

interface OpenApiParam {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: { type?: string };
}
export interface OpenApiOperation {
  parameters?: OpenApiParam[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
}
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

// ---------------------------------------------------------------- the victim

/**
 * The victim's data: student1 of 100001 (bound to S2024001 张三) with three orders (two NOT_PAY,
 * one PAID with its charge bill), an OTHER receivable, an other-means bill waiting for review, a
 * payment exception, a WeChat link, a pay link, a live SMS code and a verify token. Amounts and
 * names are planted so that they occur nowhere else.
 */
export interface Victim {
  userId: number;
  ids: Record<FillerName, unknown[]>;
  payAuthToken: string;
  verifyId: string;
  verifyToken: string;
  oauthId: number;
  /** Values that only the victim (and the finance office of 100001) may ever read. */
  markers: Record<string, string>;
  /** Values of 100001's catalogue that no other tenant may read. */
  tenantMarkers: Record<string, string>;
}

const VICTIM_EMAIL = 'matrix.victim@example.edu';

async function renameReceivables(db: Db, ids: number[], label: string) {
  for (const [i, id] of ids.entries()) {
    const name = `矩阵受害人${label}${i}`;
    const nameEn = `MatrixVictim${label}${i}`;
    await db.update(receivables).set({ itemName: name, itemNameEn: nameEn }).where(eq(receivables.id, id));
    await db.update(orderItems).set({ name, nameEn }).where(eq(orderItems.receivableId, id));
  }
}

export function call(
  ctx: TestContext,
  method: string,
  url: string,
  token: string | null,
  body?: Record<string, unknown>,
) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: basicAuth(ctx.config),
      'accept-language': 'en',
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

export async function plantVictim(ctx: TestContext, victimToken: string): Promise<Victim> {
  const db = ctx.database.db;
  const userId = await userIdOf(db, UNI, 'student1');
  await db.update(users).set({ email: VICTIM_EMAIL, financeEmail: VICTIM_EMAIL }).where(eq(users.id, userId));

  const notPay = await createPayOrder(ctx, { amounts: [7_319_357] });
  const notPay2 = await createPayOrder(ctx, { amounts: [6_420_017] });
  const paid = await createPayOrder(ctx, { amounts: [5_287_143] });
  await pay(db, paid.id);
  await renameReceivables(
    db,
    [...notPay.receivableIds, ...notPay2.receivableIds, ...paid.receivableIds],
    'Fee',
  );
  const [paidBill] = await db.select().from(bills).where(eq(bills.orderId, paid.id));

  // An OTHER receivable and a FEE one paid by other means (bill status 1, waiting for review).
  const [victimBinding] = await db.select().from(userBindings).where(eq(userBindings.userId, userId));
  const personId = victimBinding!.studentId!;
  const [otherReceivable, offlineReceivable] = await db
    .insert(receivables)
    .values(
      (['OTHER', 'FEE'] as const).map((category) => ({
        tenantId: UNI,
        category,
        personType: 'student' as const,
        personId,
        schoolYear: '2030-2031',
        itemCode: `MATRIX-${category}`,
        itemName: '',
        payableFen: category === 'OTHER' ? 4_863_271 : 3_917_539,
        allowPartial: true,
      })),
    )
    .returning();
  await renameReceivables(db, [otherReceivable!.id], 'Other');
  await renameReceivables(db, [offlineReceivable!.id], 'Offline');
  const offline = await call(ctx, 'POST', '/api/blade-finance/fee/offline', victimToken, {
    receivableId: offlineReceivable!.id,
    amountFen: 3_917_539,
    payMethod: 'cash',
    payDate: '2026-01-05',
  });
  if (offline.statusCode !== 200) throw new Error(`offline bill: ${offline.body}`);
  const [offlineBill] = await db.select().from(bills).where(eq(bills.receivableId, offlineReceivable!.id));
  // The evidence the victim uploaded with it (the row only: no caller may reach even its absence).
  const [evidence] = await db
    .insert(billEvidence)
    .values({
      tenantId: UNI,
      uploadedBy: userId,
      billId: offlineBill!.id,
      name: 'MatrixVictimReceipt.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: 1,
      storageKey: '0'.repeat(32),
    })
    .returning();

  const [exception] = await db
    .insert(paymentExceptions)
    .values({
      tenantId: UNI,
      orderId: paid.id,
      channel: 'sandbox',
      transactionId: 'MATRIXEXC4711',
      amountFen: 2_753_119,
      kind: 'paid_after_close',
    })
    .returning();
  const [link] = await db
    .insert(oauthLinks)
    .values({
      tenantId: UNI,
      source: 'wechat',
      openId: 'matrix-victim-openid',
      userId,
      nickname: 'matrixnick',
    })
    .returning();
  const payLink = await call(ctx, 'POST', '/api/blade-finance/pay/link', victimToken, {
    orderNo: notPay2.orderNo,
  });
  if (payLink.statusCode !== 200) throw new Error(`pay link: ${payLink.body}`);

  // A verify token of the victim, and a live (unanswered) SMS code on the victim's reserved phone.
  const verifyToken = await signVerifyToken(ctx.config, {
    tenantId: UNI,
    userId,
    phone: '13800000001',
    purpose: 'finance',
    method: 'sms',
  });
  await allowResend(db, '13800000001');
  const sent = await call(ctx, 'POST', '/api/blade-user/send-validate', victimToken, {});
  if (sent.statusCode !== 200) throw new Error(`send-validate: ${sent.body}`);
  await resetRateLimits(db);

  // One item of 100001's catalogue that only 100001's people may see.
  const [tenantItem] = await db
    .insert(feeItems)
    .values({
      tenantId: UNI,
      kind: 'manual',
      name: '矩阵本校收费项',
      nameEn: 'MatrixUniItem',
      priceFen: 1_357_911,
    })
    .returning();

  // A saved invoice title and the paid order's invoice (issued by the e-bill stand-in).
  const title = await call(ctx, 'POST', '/api/blade-finance/invoice/title/submit', victimToken, {
    taxpayerType: 'company',
    name: '矩阵单位有限公司',
    taxId: '91110000600037341L',
  });
  if (title.statusCode !== 200) throw new Error(`invoice title: ${title.body}`);
  const titleId: number = title.json().data.id;
  const applied = await call(ctx, 'POST', '/api/blade-finance/invoice/apply', victimToken, {
    orderId: paid.id,
    titleId,
  });
  if (applied.statusCode !== 200) throw new Error(`invoice apply: ${applied.body}`);
  const invoiceId: number = applied.json().data.invoices[0].id;
  // Pay of a staff member of the tenant (teacher1's, seeded): nobody in the matrix may read it.
  const [slip] = await db.select({ id: salarySlips.id }).from(salarySlips).limit(1);
  const [income] = await db.select({ id: otherIncomes.id }).from(otherIncomes).limit(1);
  // A notice of 100001 for its students, with an attachment: no other tenant may read either.
  const [tenantNotice] = await db
    .insert(notices)
    .values({
      tenantId: UNI,
      title: '矩阵本校通知',
      titleEn: 'MatrixUniNotice',
      category: 'general',
      authorDept: '财务处',
      content: '<p>MatrixUniNoticeBody</p>',
      audience: ['student'],
      status: 'published',
      releaseTime: new Date(),
    })
    .returning();
  const [noticeFile] = await db
    .insert(noticeAttachments)
    .values({
      tenantId: UNI,
      noticeId: tenantNotice!.id,
      name: 'MatrixUniFile.pdf',
      sizeBytes: 1,
      mimeType: 'application/pdf',
      storageKey: '0'.repeat(32),
    })
    .returning();

  const [run] = await db
    .insert(reconciliationRuns)
    .values({ tenantId: UNI, billDate: '2026-01-05', channel: 'wechat', status: 'done' })
    .returning();

  // A checked people import of the victim's school naming the victim (its file and its report).
  const [importJob] = await db
    .insert(importJobs)
    .values({
      tenantId: UNI,
      kind: 'people',
      fileName: 'matrix.csv',
      file: Buffer.from('人员类型,学号/工号,姓名,证件号码\n学生,S2024001,张三,110101200401071234\n'),
      status: 'checked',
      rows: 1,
      errorCount: 1,
      errors: [{ row: 2, column: '姓名', value: '张三', key: 'salary.required' }],
    })
    .returning();

  // A fee reminder campaign of 100001 that reached the victim (owing the other-means item), and a
  // reminder scheduled for that item.
  await db.insert(reminderCampaigns).values({
    tenantId: UNI,
    itemCode: 'MATRIX-FEE',
    itemName: '矩阵受害人Offline0',
    filter: { itemCode: 'MATRIX-FEE', skipPendingReview: false },
    sendAt: new Date(Date.now() - 60_000),
  });
  const campaign = await startDueCampaign(db);
  if (!campaign?.people) throw new Error('the reminder campaign reached nobody');
  const [schedule] = await db
    .insert(reminderSchedules)
    .values({ tenantId: UNI, itemCode: 'MATRIX-FEE', daysBefore: 3 })
    .returning();

  return {
    userId,
    ids: {
      campaignId: [campaign.id],
      scheduleId: [schedule!.id],
      reconciliationRunId: [run!.id],
      titleId: [titleId],
      invoiceId: [invoiceId],
      slipId: [slip!.id],
      otherIncomeId: [income!.id],
      orderId: [notPay.id, paid.id],
      orderNo: [notPay.orderNo, paid.orderNo],
      receivableId: [notPay.receivableIds[0], otherReceivable!.id, offlineReceivable!.id],
      receivableItems: [
        [{ receivableId: offlineReceivable!.id }],
        [{ receivableId: notPay.receivableIds[0] }],
      ],
      billId: [offlineBill!.id, paidBill!.id],
      evidenceId: [evidence!.id],
      feeItemId: [tenantItem!.id],
      personId: [personId],
      exceptionId: [exception!.id],
      userId: [userId],
      bindingId: [victimBinding!.id],
      noticeId: [tenantNotice!.id],
      noticeAttachmentId: [noticeFile!.id],
      importJobId: [importJob!.id],
      importKind: ['people'],
      providerKind: ['sms'],
    },
    payAuthToken: payLink.json().data.payAuthToken,
    verifyId: sent.json().data.id,
    verifyToken,
    oauthId: link!.id,
    markers: {
      realName: '张三',
      studentNo: 'S2024001',
      idCard: '110101200401071234',
      phone: '13800000001',
      bankCard: '6222020200112233445',
      email: VICTIM_EMAIL,
      openId: 'matrix-victim-openid',
      notPayOrderNo: notPay.orderNo,
      notPay2OrderNo: notPay2.orderNo,
      paidOrderNo: paid.orderNo,
      paidBillNo: paidBill!.billNo,
      paidTransactionId: (await db.select().from(orders).where(eq(orders.id, paid.id)))[0]!.paymentNo!,
      offlineBillNo: offlineBill!.billNo,
      evidenceName: 'MatrixVictimReceipt',
      receivableName: '矩阵受害人',
      receivableNameEn: 'MatrixVictim',
      notPayFen: '7319357',
      notPay2Fen: '6420017',
      paidFen: '5287143',
      otherFen: '4863271',
      offlineFen: '3917539',
      exceptionTransactionId: 'MATRIXEXC4711',
      exceptionFen: '2753119',
      payAuthToken: payLink.json().data.payAuthToken,
      verifyToken,
      invoiceTitle: '矩阵单位有限公司',
      invoiceTaxId: '91110000600037341L',
    },
    tenantMarkers: {
      itemName: '矩阵本校收费项',
      itemNameEn: 'MatrixUniItem',
      itemFen: '1357911',
      noticeTitle: '矩阵本校通知',
      noticeTitleEn: 'MatrixUniNotice',
      noticeBody: 'MatrixUniNoticeBody',
      noticeFile: 'MatrixUniFile',
    },
  };
}

/** A filler value that leaves its parameter out of that variant. */
export const OMIT = Symbol('omit');

/**
 * Values of the victim's that a request may carry, by parameter name (path, query or body). A name
 * means the same thing on every route; a route's `ids` says what a path `{id}` is. Several values
 * give several variants of the request.
 */
export function fillers(v: Victim): Record<string, unknown[]> {
  return {
    ...v.ids,
    items: v.ids.receivableItems,
    evidenceIds: [v.ids.evidenceId],
    tenantId: [UNI],
    // bind form and sign-in: the victim's identity, without the SMS code or password that prove it
    userType: ['student'],
    code: ['S2024001'],
    idType: [1],
    idCard: ['110101200401071234'],
    realName: ['张三'],
    name: ['张三'],
    username: ['student1', '13800000001'],
    grant_type: ['password'],
    scope: ['all'],
    type: ['account'],
    phone: ['13800000001'],
    email: [VICTIM_EMAIL],
    oauthId: [v.oauthId],
    verifyId: [v.verifyId],
    verifyCode: ['000000'],
    verifyToken: [v.verifyToken],
    data: [aesEncryptJson({ idCard: '110101200401071234' })],
    // none, then a pay link of the victim's other NOT_PAY order (never a key to these ones)
    payAuthToken: [OMIT, v.payAuthToken, v.payAuthToken],
    channel: ['sandbox', 'wechat'],
    // Alipay's partner id in the pay-channel settings (2088 + 12 digits)
    sellerId: ['2088000000100001'],
    amountFen: [100],
    quantity: [1],
    reason: ['matrix'],
    note: ['matrix'],
    payMethod: ['cash'],
    payDate: ['2026-01-06'],
    // A card passing Luhn, a bank of the demo tenants' list and a city of its province (bank-rules.ts).
    bankCard: ['6222000011112222337'],
    bankName: ['中国工商银行'],
    bankProvince: ['北京市'],
    bankCity: ['海淀区'],
    ticket: ['matrix-forged-ticket'],
    taxId: ['91110000600037341L'],
    taxpayerType: ['company'],
    // tenant settings and reconciliation (finance office)
    kind: ['manual'],
    billDate: ['2026-01-05'],
    modules: [['fee']],
    // Mine › 消息通知 (the caller's own choices) and the office's WeChat template ids
    off: [['receipts']],
    templates: [{ receipt: 'matrix' }],
    params: [{ bind_studentNo: '1' }],
    // fee reminders (催缴): the victim's item and number
    itemCode: ['MATRIX-FEE'],
    previewPerson: ['S2024001'],
    daysBefore: [3],
    // the finance office's searches: the victim's student number
    keyword: ['S2024001'],
    person: ['S2024001'],
  };
}

/** What a browser client sends as `data`: Base64 AES of JSON under the wire key. */
const aesEncryptJson = (value: unknown) => aesEncrypt(JSON.stringify(value), TEST_WIRE_KEY);

// ---------------------------------------------------------------- requests of one route

const ID_LIKE = /(^id$|Id$|No$|^data$|Token$)/;

export interface Request {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

/**
 * The requests the matrix sends for one route: every parameter with a filler gets the victim's
 * value; an id-like parameter without one is an error the developer must resolve in fillers() or the
 * route's `ids`.
 */
export function requestsFor(
  op: RouteOp,
  rule: RouteRule,
  doc: OpenApiOperation | undefined,
  fill: Record<string, unknown[]>,
): Request[] {
  const pathNames = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const queryParams = (doc?.parameters ?? []).filter((p) => p.in === 'query');
  const bodySchema = doc?.requestBody?.content?.['application/json']?.schema;
  const bodyNames = Object.keys(bodySchema?.properties ?? {});
  const bodyRequired = new Set(bodySchema?.required ?? []);
  const omit = new Set(rule.omit ?? []);
  const valuesOf = (name: string, required: boolean): unknown[] | undefined => {
    if (omit.has(name)) return undefined;
    const values = rule.ids?.[name] ? fill[rule.ids[name]] : fill[name];
    if (values) return values;
    if (ID_LIKE.test(name))
      throw new Error(
        `${op.key}: no victim value for parameter "${name}". Add a filler for it in access-matrix-support.ts ` +
          `(fillers) or say what it is in the route's \`ids\` in access-matrix-routes.ts.`,
      );
    return required ? ['matrix'] : undefined;
  };
  const path = pathNames.map((n) => [n, valuesOf(n, true)!] as const);
  // Parameters that a route takes in the body and the query string alike go in the body.
  const query = queryParams
    .filter((p) => !bodyNames.includes(p.name))
    .map((p) => [p.name, valuesOf(p.name, !!p.required)] as const)
    .filter((e): e is readonly [string, unknown[]] => !!e[1]);
  const body = bodyNames
    .map((n) => [n, valuesOf(n, bodyRequired.has(n))] as const)
    .filter((e): e is readonly [string, unknown[]] => !!e[1]);
  const variants = Math.max(1, ...[...path, ...query, ...body].map(([, v]) => v.length));
  const pick = (values: unknown[], i: number) => values[i % values.length];
  const present = (values: unknown[], i: number) => pick(values, i) !== OMIT;
  return Array.from({ length: variants }, (_, i) => {
    let url = op.path;
    for (const [n, values] of path) url = url.replace(`{${n}}`, encodeURIComponent(String(pick(values, i))));
    const qs = new URLSearchParams(
      query.filter(([, v]) => present(v, i)).map(([n, v]): [string, string] => [n, String(pick(v, i))]),
    ).toString();
    return {
      method: op.method,
      url: qs ? `${url}?${qs}` : url,
      ...(doc?.requestBody
        ? { body: Object.fromEntries(body.filter(([, v]) => present(v, i)).map(([n, v]) => [n, pick(v, i)])) }
        : {}),
    };
  });
}

// ---------------------------------------------------------------- callers

export interface Caller {
  name: string;
  tenantId: string | null;
  /** A fresh token each call (a session the call may end); null: no token. */
  token: () => Promise<string | null>;
  /** The finance office of another tenant (may read its own tenant's lists). */
  otherFinance?: boolean;
}

async function tokenOf(ctx: TestContext, tenantId: string, account: string): Promise<string> {
  const db = ctx.database.db;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
  return (await issueTokens(db, ctx.config, await userSubject(db, user!, null))).access_token;
}

/**
 * Everyone but the victim: another student of 100001 (bound to S2024002), teacher1, guest1 (not
 * bound), finance1 (for routes outside the finance office), a WeChat visitor of 100001, student2 of
 * 100002, a finance-office account of 100002 (planted), and no token at all.
 */
export async function plantCallers(ctx: TestContext): Promise<Caller[]> {
  const db = ctx.database.db;
  const [uniStudentRole] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, UNI), eq(roles.roleAlias, 'student')));
  const [peer] = await db
    .insert(users)
    .values({
      tenantId: UNI,
      account: 'matrix-peer',
      realName: '李四',
      userType: 'student',
      roleIds: String(uniStudentRole!.id),
    })
    .returning();
  const [lisi] = await queryRows<{ id: number }>(
    db,
    sql`select id from students where tenant_id = ${UNI} and student_no = 'S2024002'`,
  );
  await db
    .insert(userBindings)
    .values({ tenantId: UNI, userId: peer!.id, userType: 'student', studentId: lisi!.id });
  // 100002's finance role, unless a seed has one already.
  await db
    .insert(roles)
    .values({ tenantId: COLLEGE, roleAlias: 'finance', roleName: '财务处' })
    .onConflictDoNothing();
  const [collegeFinance] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, COLLEGE), eq(roles.roleAlias, 'finance')));
  await db.insert(users).values({
    tenantId: COLLEGE,
    account: 'matrix-finance2',
    realName: '学院财务',
    roleIds: String(collegeFinance!.id),
  });
  const [visitorLink] = await db
    .insert(oauthLinks)
    .values({ tenantId: UNI, source: 'wechat', openId: 'matrix-visitor-openid', nickname: 'visitor' })
    .returning();

  const signedIn = (name: string, tenantId: string, account: string, otherFinance = false): Caller => ({
    name,
    tenantId,
    token: () => tokenOf(ctx, tenantId, account),
    otherFinance,
  });
  return [
    { name: 'no token', tenantId: null, token: async () => null },
    {
      name: 'WeChat visitor of 100001',
      tenantId: UNI,
      token: async () => (await issueTokens(db, ctx.config, visitorSubject(visitorLink!))).access_token,
    },
    signedIn('another student of 100001', UNI, 'matrix-peer'),
    signedIn('teacher1 of 100001', UNI, 'teacher1'),
    signedIn('guest1 of 100001 (not bound)', UNI, 'guest1'),
    signedIn('finance1 of 100001', UNI, 'finance1'),
    signedIn('student2 of 100002', COLLEGE, 'student2'),
    signedIn('the finance office of 100002', COLLEGE, 'matrix-finance2', true),
  ];
}

// ---------------------------------------------------------------- 0 writes

/**
 * Lets a phone be texted again at once (the resend guard and the daily cap count codes by when
 * they were sent); the codes stay live.
 */
export async function forgetCodesSent(db: Db, phone: string): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(verificationCodes.phone, phone));
}

/**
 * Tables left out of the fingerprint, because any request may change them without touching
 * anybody's data.
 */
export const UNWATCHED_TABLES: Record<string, string> = {
  rate_limits: 'every request may count against a limit (reset before each request)',
};

export type Fingerprint = Map<string, string>;

const tablesOf = new WeakMap<Db, string[]>();

/** Row count + a digest of every row of every watched table, as one query (tables listed once per database). */
export async function fingerprint(db: Db, skipSessions: string[] = []): Promise<Fingerprint> {
  let tables = tablesOf.get(db);
  if (!tables) {
    const rows = await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    tables = rows.map((t) => t.name).filter((t) => !(t in UNWATCHED_TABLES));
    tablesOf.set(db, tables);
  }
  const skip = skipSessions.map((s) => `'${s.replace(/[^0-9a-f-]/g, '')}'`).join(',');
  const where = (table: string) =>
    !skip
      ? ''
      : table === 'auth_sessions'
        ? `where x.id not in (${skip})`
        : table === 'refresh_tokens'
          ? `where x.session_id not in (${skip})`
          : '';
  const parts = tables.map(
    (t) =>
      // An order-free digest: the sum of 60 bits of each row's md5 (sorting the rows costs more).
      `select '${t}' as name, count(*)::int as n, ` +
      `coalesce(sum(('x' || substr(md5(x::text), 1, 15))::bit(60)::bigint), 0)::text as h from "${t}" x ${where(t)}`,
  );
  const rows = await queryRows<{ name: string; n: number; h: string }>(
    db,
    sql.raw(parts.join(' union all ')),
  );
  return new Map(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}

/** The session id inside an access token (claim `sid`). */
export function sessionOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
}

// ---------------------------------------------------------------- 0 reads

const REFUSALS = new Set([400, 401, 403, 404]);

export interface Verdict {
  problems: string[];
  refused: boolean;
}

/**
 * Judges one reply: no 5xx; a refusal in the Blade envelope (or the token endpoint's raw error);
 * and, refused or not, none of the markers the caller may not read, unless the request itself
 * carried them (a message may echo an order number back).
 */
export function judge(
  reply: { statusCode: number; body: string },
  req: Request,
  rule: RouteRule,
  forbidden: Record<string, string>,
  wireKey: string = TEST_WIRE_KEY,
): Verdict {
  const problems: string[] = [];
  const status = reply.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(reply.body);
  } catch {
    json = undefined;
  }
  const refused = status >= 400;
  if (refused && status < 500) {
    if (!REFUSALS.has(status)) problems.push(`refused with ${status}, not 400/401/403/404`);
    if (rule.replyShape === 'oauth') {
      if (typeof json?.error_code === 'undefined')
        problems.push(`raw refusal without error_code: ${reply.body}`);
    } else if (rule.replyShape === 'channel') {
      // The channel's own protocol (WeChat Pay's JSON, the sandbox's text): only the status counts.
    } else if (
      json?.success !== false ||
      json?.code !== status ||
      json?.data !== null ||
      typeof json?.msg !== 'string'
    )
      problems.push(`refusal not in the Blade envelope: ${reply.body.slice(0, 200)}`);
  }
  let text = reply.body;
  if (rule.wireEncryptedReply && !refused && typeof json?.data === 'string')
    text += aesDecrypt(json.data as string, wireKey);
  const sent = req.url + JSON.stringify(req.body ?? {});
  const leaked = Object.entries(forbidden).filter(
    ([label, value]) =>
      value && !rule.allowMarkers?.includes(label) && !sent.includes(value) && text.includes(value),
  );
  if (leaked.length)
    problems.push(`answered the victim's ${leaked.map(([label]) => label).join(', ')} (status ${status})`);
  return { problems, refused };
}
