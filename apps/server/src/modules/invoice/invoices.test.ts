/**
 * Invoices end to end through the app: saved titles (rules, reuse, default), a request of a paid order
 * through the e-bill stand-in under its delays, busy answers and refusals, the polling job, the finance
 * office's retry (audited), a refund after issue (red-letter reversal and the remainder's invoice), and
 * the PDF behind its plain link (text extracted: Chinese payer name and amounts).
 */
import { PDFParse } from 'pdf-parse';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '@server/db/schema';
import { orders } from '@server/db/schema-finance';
import { invoices } from '@server/db/schema-invoice';
import { orderSignatures } from '@server/db/schema-signature';
import { transaction } from '@server/db/transaction';
import { defaultPlan, type StandinPlan } from '@server/gateways/ebill/standin';
import { pollInvoices } from '@server/jobs/poll-invoices';
import { recordRefund } from '@server/modules/order/pay-status';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { api, demoTokens, pay, type Tokens } from '@server-test/fee-fixtures';
import { createPayOrder } from '@server-test/pay-fixtures';
import { makePng, STROKES } from '@server-test/png-fixtures';

let ctx: TestContext;
let tokens: Tokens;
const COMPANY = {
  taxpayerType: 'company',
  invoiceType: 'general',
  name: '演示科技有限公司',
  taxId: '91350100M000100Y43',
};

beforeAll(async () => {
  ctx = await createTestApp({ EBILL_STANDIN_DELAY_MS: '0', JOBS_ENABLED: 'false' });
  tokens = await demoTokens(ctx);
});
afterAll(async () => ctx?.close());

/** Scripts the stand-in: every bill from now on takes this course. */
function plan(course: Partial<StandinPlan>) {
  ctx.app.gateways.ebillStandin!.plan = (issue) => ({ ...defaultPlan(issue), polls: 0, busy: 0, ...course });
}
beforeEach(() => plan({}));

async function saveTitle(body: Record<string, unknown>, token = tokens.student1) {
  const res = await api(ctx, 'POST', 'invoice/title/submit', token, { body });
  return { status: res.statusCode, body: res.json() };
}

async function paidOrder(amountFen = 12_345) {
  const order = await createPayOrder(ctx, { amounts: [amountFen] });
  await pay(ctx.database.db, order.id);
  return order;
}

const runJob = () => pollInvoices(ctx.app, { leaseSeconds: 0 });
const orderInvoice = async (orderId: number, token = tokens.student1) =>
  (await api(ctx, 'GET', `invoice/order/${orderId}`, token)).json().data;

describe('invoice titles', () => {
  it('refuses a company without a verified credit code, and a special invoice without every company field', async () => {
    const wrong = await saveTitle({ ...COMPANY, taxId: '91350100M000100Y44' });
    expect(wrong).toMatchObject({
      status: 400,
      body: { msg: 'The taxpayer ID must be the 18-character unified social credit code; please check it' },
    });
    const special = await saveTitle({ ...COMPANY, invoiceType: 'special' });
    expect(special).toMatchObject({ status: 400, body: { msg: 'A special invoice needs the address' } });
    const person = await saveTitle({ taxpayerType: 'person', invoiceType: 'special', name: '张三' });
    expect(person).toMatchObject({
      status: 400,
      body: { msg: 'A special invoice can only be made out to a company' },
    });
  });

  it('keeps titles per user for reuse: the first is the default, one default at a time, edit and delete', async () => {
    const first = await saveTitle({ ...COMPANY, taxId: '91350100 m000100y43' }, tokens.teacher1);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ taxId: '91350100M000100Y43', isDefault: true });
    const second = (
      await saveTitle({ taxpayerType: 'person', name: ' 张三 ', taxId: 'ignored' }, tokens.teacher1)
    ).body.data;
    expect(second).toMatchObject({ name: '张三', taxId: '', isDefault: false });

    await api(ctx, 'POST', `invoice/title/default/${second.id}`, tokens.teacher1);
    let list = (await api(ctx, 'GET', 'invoice/title/list', tokens.teacher1)).json().data;
    expect(list.map((t: { id: number; isDefault: boolean }) => [t.id, t.isDefault])).toEqual([
      [second.id, true],
      [first.body.data.id, false],
    ]);

    const edited = await saveTitle(
      { ...COMPANY, id: first.body.data.id, name: '演示科技（福州）有限公司' },
      tokens.teacher1,
    );
    expect(edited.body.data).toMatchObject({ id: first.body.data.id, name: '演示科技（福州）有限公司' });

    // Another user neither sees nor changes them.
    expect((await api(ctx, 'GET', 'invoice/title/list', tokens.guest1)).json().data).toEqual([]);
    expect((await saveTitle({ ...COMPANY, id: second.id }, tokens.guest1)).status).toBe(404);
    expect((await api(ctx, 'POST', `invoice/title/remove/${second.id}`, tokens.guest1)).statusCode).toBe(404);

    // Deleting the default passes it on.
    expect((await api(ctx, 'POST', `invoice/title/remove/${second.id}`, tokens.teacher1)).statusCode).toBe(
      200,
    );
    list = (await api(ctx, 'GET', 'invoice/title/list', tokens.teacher1)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.body.data.id, isDefault: true });
  });
});

describe('invoice requests', () => {
  let titleId: number;
  beforeAll(async () => {
    titleId = (await saveTitle({ ...COMPANY, name: '请求测试有限公司' })).body.data.id;
  });

  it('refuses an unpaid order and answers one request per order', async () => {
    const unpaid = await createPayOrder(ctx);
    const refused = await api(ctx, 'POST', 'invoice/apply', tokens.student1, {
      body: { orderId: unpaid.id, titleId },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The fiscal e-receipt can be requested once the order is paid');

    const order = await paidOrder();
    const first = await api(ctx, 'POST', 'invoice/apply', tokens.student1, {
      body: { orderId: order.id, titleId },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      invoiceStatus: 'issued',
      canApply: false,
      invoiceableFen: 12_345,
    });
    const again = await api(ctx, 'POST', 'invoice/apply', tokens.student1, {
      body: { orderId: order.id, titleId },
    });
    expect(again.statusCode).toBe(409);
    // Another user's title, another user's order.
    expect(
      (await api(ctx, 'POST', 'invoice/apply', tokens.teacher1, { body: { orderId: order.id, titleId } }))
        .statusCode,
    ).toBe(403);
  });

  it('stays requested while the platform is slow, then the job sees it issued', async () => {
    plan({ polls: 2 });
    const order = await paidOrder();
    const applied = (
      await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } })
    ).json().data;
    expect(applied.invoiceStatus).toBe('requested');
    expect(applied.invoices[0]).toMatchObject({ status: 'requested', fileUrl: null, amountFen: 12_345 });
    await runJob();
    expect((await orderInvoice(order.id)).invoiceStatus).toBe('requested');
    await runJob();
    const issued = await orderInvoice(order.id);
    expect(issued.invoiceStatus).toBe('issued');
    expect(issued.invoices[0]).toMatchObject({ status: 'issued', billCode: '35010124' });
    expect(issued.invoices[0].billNo).toMatch(/^\d{10}$/);
    expect(issued.invoices[0].fileUrl).toMatch(/^\/api\/blade-finance\/invoice\/file\/\d+\?token=/);
    // The order list and detail show it.
    const list = (
      await api(ctx, 'GET', 'order/list', tokens.student1, { query: { tab: 'paid', size: 50 } })
    ).json().data;
    expect(list.records.find((r: { id: number }) => r.id === order.id).invoiceStatus).toBe('issued');
    expect(
      (await api(ctx, 'GET', `order/detail/${order.id}`, tokens.student1)).json().data.invoiceStatus,
    ).toBe('issued');
  });

  it('sends again when the platform is busy, without a second bill', async () => {
    plan({ busy: 2 });
    const order = await paidOrder();
    const applied = (
      await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } })
    ).json().data;
    expect(applied.invoiceStatus).toBe('requested');
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(row!.submittedAt).toBeNull();
    await runJob();
    await runJob();
    expect((await orderInvoice(order.id)).invoiceStatus).toBe('issued');
    expect(ctx.app.gateways.ebillStandin!.issueCalls(row!.busNo)).toBe(3);
  });

  it('fails with the reason; the finance office lists it and retries it (audited)', async () => {
    plan({ fail: '购买方名称与税号不符' });
    const order = await paidOrder();
    const failed = (
      await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } })
    ).json().data;
    expect(failed.invoiceStatus).toBe('failed');
    expect(failed.invoices[0]).toMatchObject({ status: 'failed', failReason: '购买方名称与税号不符' });
    const id = failed.invoices[0].id;

    expect((await api(ctx, 'GET', 'admin/invoice/list', tokens.student1)).statusCode).toBe(403);
    expect((await api(ctx, 'POST', `admin/invoice/${id}/retry`, tokens.student1)).statusCode).toBe(403);
    const listed = (
      await api(ctx, 'GET', 'admin/invoice/list', tokens.finance1, { query: { status: 'failed' } })
    ).json().data;
    expect(listed.records.map((r: { id: number }) => r.id)).toContain(id);
    expect((await api(ctx, 'POST', `admin/invoice/${id}/retry`, tokens.student2)).statusCode).toBe(403);

    plan({});
    const retried = await api(ctx, 'POST', `admin/invoice/${id}/retry`, tokens.finance1);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'issued', failReason: null });
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ attempts: 2 });
    expect(row!.busNo).toMatch(/-2$/);
    expect((await api(ctx, 'POST', `admin/invoice/${id}/retry`, tokens.finance1)).json().msg).toBe(
      'Only a failed fiscal e-receipt can be retried',
    );
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin POST /api/blade-finance/admin/invoice/:id/retry'));
    expect(audits).toHaveLength(1);
  });
});

describe('a refund after issue', () => {
  let titleId: number;
  beforeAll(async () => {
    titleId = (await saveTitle({ ...COMPANY, name: '退款测试有限公司' })).body.data.id;
  });

  const refund = (orderId: number, amountFen: number) =>
    transaction(ctx.database.db, (tx) =>
      recordRefund(tx, {
        orderId,
        amountFen,
        method: 'sandbox',
        refundedAt: new Date(),
        createdBy: null,
        note: '',
        kind: 'refundOnly',
      }),
    );

  it('reverses the invoice in red and invoices the remainder', async () => {
    const order = await paidOrder(10_000);
    await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } });
    await refund(order.id, 2_500);
    await runJob(); // the refund is seen (reversing) and the reversal sent and issued
    let state = await orderInvoice(order.id);
    const statuses = () =>
      state.invoices.map((i: { status: string; amountFen: number }) => [i.status, i.amountFen]);
    expect(statuses()).toEqual([
      ['requested', 7_500],
      ['reversed', 10_000],
    ]);
    expect(state.invoices[1].reversalBillNo).toMatch(/^\d{10}$/);
    await runJob();
    state = await orderInvoice(order.id);
    expect(statuses()).toEqual([
      ['issued', 7_500],
      ['reversed', 10_000],
    ]);
    expect(state).toMatchObject({ invoiceStatus: 'issued', invoiceableFen: 7_500, canApply: false });
  });

  it('a full refund leaves the order uninvoiced', async () => {
    const order = await paidOrder(10_000);
    await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } });
    await refund(order.id, 10_000);
    await runJob();
    const state = await orderInvoice(order.id);
    expect(state.invoices.map((i: { status: string }) => i.status)).toEqual(['reversed']);
    expect(state).toMatchObject({ invoiceStatus: 'none', invoiceableFen: 0, canApply: false });
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id)));
    expect(row!.invoiceStatus).toBe('none');
  });
});

describe('the invoice PDF', () => {
  it('opens inline through its plain link and carries the Chinese payer name and the amounts', async () => {
    const titleId = (await saveTitle({ ...COMPANY, name: '票面测试有限公司' })).body.data.id;
    const order = await paidOrder(12_345);
    const state = (
      await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } })
    ).json().data;
    const url: string = state.invoices[0].fileUrl;
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="invoice-35010124-\d{10}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The font is a subset: a whole Noto Sans Hans is 8 MB.
    expect(res.rawPayload.length).toBeLessThan(200_000);
    const text = (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
    expect(text).toContain('票面测试有限公司');
    expect(text).toContain('91350100M000100Y43');
    expect(text).toContain('壹佰贰拾叁元肆角伍分');
    expect(text).toContain('123.45');
    expect(text).toContain(state.invoices[0].billNo);
    expect(text).toContain(state.invoices[0].checkCode);

    const download = await ctx.app.inject({ method: 'GET', url: `${url}&download=1` });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    // One character of the signature changed (to another one: the signature may start with an x, or
    // with a base64url '-' that \w would not match, which left the link unforged 1 time in 64).
    const forged = url.replace(
      /token=(\d+)\.([^&])/,
      (_m, expires: string, c: string) => `token=${expires}.${c === 'x' ? 'y' : 'x'}`,
    );
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const otherInvoice = url.replace(/file\/(\d+)/, (_m, id: string) => `file/${Number(id) + 1000}`);
    expect((await ctx.app.inject({ method: 'GET', url: otherInvoice })).statusCode).toBe(403);
  });

  it("carries the order's signature where the order was signed, and none where it was not", async () => {
    const titleId = (await saveTitle({ ...COMPANY, name: '签名测试有限公司' })).body.data.id;
    const pdfOf = async (signed: boolean) => {
      const order = await paidOrder(2_000);
      if (signed)
        await ctx.database.db.insert(orderSignatures).values({
          tenantId: order.tenantId,
          orderId: order.id,
          png: makePng(300, 120),
          width: 300,
          height: 120,
          strokes: STROKES,
        });
      const state = (
        await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } })
      ).json().data;
      return (await ctx.app.inject({ method: 'GET', url: state.invoices[0].fileUrl })).rawPayload.toString(
        'latin1',
      );
    };
    // An embedded picture is an image XObject in the PDF: the signed one has more (the signature and
    // its transparency mask) than the unsigned one (the QR code).
    const images = (pdf: string) => (pdf.match(/\/Subtype \/Image/g) ?? []).length;
    expect(images(await pdfOf(true))).toBeGreaterThan(images(await pdfOf(false)));
  });
});

/**
 * The fonts of the PDF, read back from the file: each embedded font's ToUnicode map (code → text) and
 * its TrueType program, so a test can ask whether a character is drawn with a real glyph (the number of
 * its outline's path commands) rather than a box. 0 when no TrueType font of the file maps to it.
 */
async function glyphOutlineOf(pdf: Buffer, char: string): Promise<number> {
  const { inflateSync } = await import('node:zlib');
  const { createRequire } = await import('node:module');
  const fontkit = createRequire(import.meta.url)('fontkit') as {
    create(bytes: Buffer): { getGlyph(id: number): { path: { commands: unknown[] } } };
  };
  const body = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  for (const m of body.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const at = m[0].indexOf('stream\n');
    const dict = at < 0 ? m[2]! : m[0].slice(0, at);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const start = m.index + at + 'stream\n'.length;
    objects.set(Number(m[1]), { dict, stream: at < 0 ? undefined : pdf.subarray(start, start + length) });
  }
  const unpack = (ref: string | undefined) => {
    const object = ref ? objects.get(Number(ref)) : undefined;
    return object?.stream ? inflateSync(object.stream) : undefined;
  };
  const hex = [...Buffer.from(char, 'utf16le').swap16()].map((b) => b.toString(16).padStart(2, '0')).join('');
  for (const { dict } of objects.values()) {
    if (!dict.includes('/Type0')) continue;
    const cmap = unpack(/\/ToUnicode (\d+) 0 R/.exec(dict)?.[1])?.toString('latin1') ?? '';
    // pdfkit writes bfrange lines: <first> <last> [<text> <text> ...], one entry per code.
    for (const range of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
      // A character outside the basic plane is its UTF-16 pair: <d842 dfb7>.
      const texts = [...range[2]!.matchAll(/<([0-9a-f ]+)>/gi)].map((t) =>
        t[1]!.replace(/ /g, '').toLowerCase(),
      );
      const at = texts.indexOf(hex);
      if (at < 0) continue;
      const gid = parseInt(range[1]!, 16) + at;
      const descendant = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(dict)?.[1]));
      const descriptor = objects.get(Number(/\/FontDescriptor (\d+) 0 R/.exec(descendant?.dict ?? '')?.[1]));
      const program = unpack(/\/FontFile[23]? (\d+) 0 R/.exec(descriptor?.dict ?? '')?.[1]);
      if (!program) return 0;
      return fontkit.create(program).getGlyph(gid).path.commands.length;
    }
  }
  return 0;
}

describe('the invoice PDF of a payer with a rare character', () => {
  it('draws 𠮷 (CJK Extension B) with a real glyph and keeps it, and 堃, in its text', async () => {
    const titleId = (await saveTitle({ taxpayerType: 'person', invoiceType: 'general', name: '𠮷田堃' })).body
      .data.id;
    const order = await paidOrder(1_000);
    const state = (
      await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } })
    ).json().data;
    const pdf = (await ctx.app.inject({ method: 'GET', url: state.invoices[0].fileUrl })).rawPayload;
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
    expect(text).toContain('交款人：𠮷田堃');
    // The fallback font (TrueType) holds 𠮷 with an outline, not the empty .notdef box.
    expect(await glyphOutlineOf(pdf, '𠮷')).toBeGreaterThan(0);
    // Subsets still: a few KB per fallback piece used, not the whole font.
    expect(pdf.length).toBeLessThan(200_000);
  });
});

describe("the tenant's word for what it issues", () => {
  it('titles the PDF and names the order invoice with the tenant setting: 财政电子票据 unless set to tax', async () => {
    const titleId = (await saveTitle({ ...COMPANY, name: '称谓测试有限公司' })).body.data.id;
    const pdfText = async () => {
      const order = await paidOrder(500);
      const state = (
        await api(ctx, 'POST', 'invoice/apply', tokens.student1, { body: { orderId: order.id, titleId } })
      ).json().data;
      const pdf = (await ctx.app.inject({ method: 'GET', url: state.invoices[0].fileUrl })).rawPayload;
      return { term: state.term, text: (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text };
    };
    const fiscal = await pdfText();
    expect(fiscal.term).toBe('fiscal');
    expect(fiscal.text).toContain('财政电子票据');
    expect(fiscal.text).not.toContain('收费电子票据');

    const { upsertParam } = await import('@server/modules/system/settings-repo');
    const { tenantId } = await createPayOrder(ctx, { amounts: [1] });
    await transaction(ctx.database.db, (tx) => upsertParam(tx, tenantId, 'invoice_term', 'tax'));
    try {
      const tax = await pdfText();
      expect(tax.term).toBe('tax');
      expect(tax.text).toContain('电子发票');
      expect(tax.text).not.toContain('财政电子票据');
      // The server's messages name it by the same setting.
      const unpaid = await createPayOrder(ctx);
      const refused = await api(ctx, 'POST', 'invoice/apply', tokens.student1, {
        body: { orderId: unpaid.id, titleId },
      });
      expect(refused.json().msg).toBe('The e-invoice can be requested once the order is paid');
    } finally {
      await transaction(ctx.database.db, (tx) => upsertParam(tx, tenantId, 'invoice_term', 'fiscal'));
    }
  });
});
