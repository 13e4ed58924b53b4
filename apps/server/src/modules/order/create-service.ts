/**
 * Orders are built here, on the server, from receivables and catalogue items: every amount is
 * computed from stored facts; the client only asks for a part payment or a top-up amount, checked
 * against what is owed or allowed. Receivables are locked while an order takes from them.
 */
import { receivableName } from '@cf/shared/fees';
import { formatYuan } from '@cf/shared/money';
import type { Language } from '@cf/shared/messages';
import { payAmountProblem } from '@cf/shared/pay-amount';
import type { Config } from '@server/config';
import type { Db, Tx } from '@server/db/client';
import type { OrderType } from '@server/db/schema-finance';
import type { AuthContext } from '@server/http/context';
import { badRequest, unauthorized } from '@server/http/errors';
import { displayName, findOauthLink, findUser } from '../auth/subject';
import { findEnrolleeLimited } from '../fee/enroll-service';
import { findFeeItem, lockEnrollee, offeredTo, paidEnrollItemIds } from '../fee/fee-item-repo';
import { requireStudent } from '../fee/fee-service';
import { requireCallerPerson, type Person } from '../fee/person';
import { commitments, lockReceivables } from '../fee/receivable-repo';
import { receivableView, type FeeItemRow } from '../fee/views';
import type { OrderRow } from './pay-status';
import { checkFormData } from './form-data';
import { readCreateFacts } from './create-facts';
import { insertOrder, openEnrollOrder, type NewOrderItem } from './order-repo';
import type { CreateEnrollBody, CreateOtherBody, ReceivableRequest } from '@cf/shared/wire/order';
import { autocommit, transaction } from '@server/db/transaction';

export interface OrderCtx {
  db: Db;
  config: Config;
  auth: AuthContext;
  lang: Language;
}

interface Creator {
  userId: number | null;
  oauthId: number | null;
  userName: string;
}

async function creatorOf(db: Db, auth: AuthContext): Promise<Creator> {
  if (auth.userId > 0) {
    const user = await findUser(db, auth.tenantId, auth.userId);
    if (!user) throw unauthorized('auth.tokenInvalid');
    return { userId: user.id, oauthId: auth.oauthId, userName: user.realName || displayName(user) };
  }
  // A WeChat visitor is known only by the WeChat identity, which is how it finds its order again.
  if (!auth.oauthId) throw badRequest('bind.noOauth');
  const link = await findOauthLink(db, auth.tenantId, auth.oauthId);
  return { userId: null, oauthId: auth.oauthId, userName: link?.nickname ?? '' };
}

const created = (order: OrderRow) => ({
  orderId: order.id,
  orderNo: order.orderNo,
  totalFen: order.totalFen,
  expireAt: order.expireAt.toISOString(),
});

/**
 * One order line per requested receivable, under a lock on those receivables: the amount is the
 * whole available amount, or the part asked for where the item allows part payment.
 */
async function receivableLines(
  tx: Tx,
  tenantId: string,
  person: Person,
  category: OrderType,
  requested: ReceivableRequest[],
): Promise<NewOrderItem[]> {
  if (requested.length === 0) throw badRequest('fee.itemsRequired');
  const ids = requested.map((r) => r.receivableId);
  if (new Set(ids).size !== ids.length) throw badRequest('fee.duplicateItems');
  const rows = await lockReceivables(tx, tenantId, person, ids);
  const byId = new Map(rows.filter((r) => r.category === category).map((r) => [r.id, r]));
  if (byId.size !== ids.length) throw badRequest('fee.receivableNotFound');
  const committed = await commitments(tx, tenantId, ids);
  // Lines in receivable id order: whoever later credits them (markPaid) locks rows in the same order.
  const ordered = [...requested].sort((a, b) => a.receivableId - b.receivableId);
  return ordered.map((request) => {
    const row = byId.get(request.receivableId)!;
    const { availableFen } = receivableView(row, committed.get(row.id)!);
    let amount = availableFen;
    if (request.amountFen !== undefined) {
      const problem = payAmountProblem(request.amountFen, availableFen, row.allowPartial);
      if (problem) throw badRequest(problem);
      amount = request.amountFen;
    } else if (availableFen === 0) {
      throw badRequest('fee.nothingToPay');
    }
    return {
      receivableId: row.id,
      ...receivableName(row),
      priceFen: amount,
      quantity: 1,
      amountFen: amount,
    };
  });
}

/** The line of a manual or top-up item: price times quantity, or the top-up amount within its limits. */
function catalogueLine(item: FeeItemRow, body: CreateOtherBody, lang: Language): NewOrderItem {
  const formData = checkFormData(item.formFields, body.formData, lang);
  const line = { feeItemId: item.id, name: item.name, nameEn: item.nameEn || item.name, formData };
  if (item.kind === 'topup') {
    const amount = body.amountFen;
    if (amount === undefined || amount < item.minFen || amount > item.maxFen || amount < 1)
      throw badRequest('fee.topupOutOfRange', {
        min: formatYuan(item.minFen, false),
        max: formatYuan(item.maxFen, false),
      });
    return { ...line, priceFen: amount, quantity: 1, amountFen: amount };
  }
  const quantity = body.quantity ?? 1;
  if (quantity < 1 || quantity > item.maxQuantity)
    throw badRequest('fee.quantityInvalid', { max: item.maxQuantity });
  if (item.priceFen < 1) throw badRequest('fee.amountInvalid');
  return { ...line, priceFen: item.priceFen, quantity, amountFen: item.priceFen * quantity };
}

function orderOf(
  auth: AuthContext,
  person: Person,
  creator: Creator,
  orderType: OrderType,
  lines: NewOrderItem[],
) {
  return {
    tenantId: auth.tenantId,
    orderType,
    personType: person.type,
    personId: person.id,
    personName: person.name,
    userId: creator.userId,
    oauthId: creator.oauthId,
    userName: creator.userName,
    totalFen: lines.reduce((sum, line) => sum + line.amountFen, 0),
  };
}

/** POST order/create-fee: student fees of the caller's own bound student. */
export async function createFeeOrder(ctx: OrderCtx, requested: ReceivableRequest[]) {
  const { db, auth } = ctx;
  const person = await requireCallerPerson(db, auth.tenantId, auth.userId);
  requireStudent(person);
  const creator = await creatorOf(db, auth);
  const order = await transaction(db, async (tx) => {
    const lines = await receivableLines(tx, auth.tenantId, person, 'FEE', requested);
    return insertOrder(
      tx,
      orderOf(auth, person, creator, 'FEE', lines),
      lines,
      ctx.config.pay.orderExpireMinutes,
    );
  });
  return created(order);
}

/** POST order/create-other: a comprehensive receivable of the caller, or a manual or top-up item. */
export async function createOtherOrder(ctx: OrderCtx, body: CreateOtherBody) {
  const { db, auth } = ctx;
  if ((body.feeItemId === undefined) === (body.receivableId === undefined))
    throw badRequest('fee.itemsRequired');
  // The caller's person and names and the catalogue item: one read; refusals in this order.
  const facts = await readCreateFacts(db, auth.tenantId, auth.userId, body.feeItemId);
  if (!facts.person) throw badRequest('bind.notBound');
  if (!facts.user) throw unauthorized('auth.tokenInvalid');
  const person = facts.person;
  const creator: Creator = {
    userId: facts.user.id,
    oauthId: auth.oauthId,
    userName: displayName(facts.user),
  };
  const item = facts.item;
  const expire = ctx.config.pay.orderExpireMinutes;

  if (body.receivableId !== undefined) {
    const request = { receivableId: body.receivableId, amountFen: body.amountFen };
    const order = await transaction(db, async (tx) => {
      const lines = await receivableLines(tx, auth.tenantId, person, 'OTHER', [request]);
      return insertOrder(tx, orderOf(auth, person, creator, 'OTHER', lines), lines, expire);
    });
    return created(order);
  }

  // Enrolment items are bought for an enrollee through create-enroll, never for oneself.
  if (!item || (item.kind !== 'manual' && item.kind !== 'topup')) throw badRequest('fee.itemNotFound');
  if (!offeredTo(item, person.userType)) throw badRequest('fee.itemNotForYou');
  const line = catalogueLine(item, body, ctx.lang);
  // No receivable to lock: the order and its line are one statement (insertOrder), no transaction.
  const order = await insertOrder(
    autocommit(db),
    orderOf(auth, person, creator, 'OTHER', [line]),
    [line],
    expire,
  );
  return created(order);
}

/**
 * POST order/create-enroll: an enrolment item for a newly admitted student found by ID number and
 * name. One open order per enrollee and item: the same caller gets it back, anyone else is told to wait.
 */
export async function createEnrollOrder(ctx: OrderCtx, body: CreateEnrollBody) {
  const { db, auth } = ctx;
  const enrollee = await findEnrolleeLimited(db, auth, body.idCard, body.name);
  const item = await findFeeItem(db, auth.tenantId, body.feeItemId);
  if (!item || item.kind !== 'enroll') throw badRequest('fee.itemNotFound');
  const formData = checkFormData(item.formFields, body.formData, ctx.lang);
  if (item.priceFen < 1) throw badRequest('fee.amountInvalid');
  const creator = await creatorOf(db, auth);
  const person: Person = { type: 'enrollee', id: enrollee.id, name: enrollee.name, userType: 'enrollee' };
  const line: NewOrderItem = {
    feeItemId: item.id,
    name: item.name,
    nameEn: item.nameEn || item.name,
    priceFen: item.priceFen,
    quantity: 1,
    amountFen: item.priceFen,
    formData,
  };

  const order = await transaction(db, async (tx) => {
    await lockEnrollee(tx, auth.tenantId, enrollee.id);
    if ((await paidEnrollItemIds(tx, auth.tenantId, enrollee.id)).includes(item.id))
      throw badRequest('enroll.alreadyPaid');
    const open = await openEnrollOrder(tx, auth.tenantId, enrollee.id, item.id);
    if (open) {
      const mine =
        (creator.userId !== null && open.userId === creator.userId) ||
        (creator.userId === null && open.userId === null && open.oauthId === creator.oauthId);
      if (mine) return open;
      throw badRequest('order.inProgress');
    }
    return insertOrder(
      tx,
      orderOf(auth, person, creator, 'OTHER', [line]),
      [line],
      ctx.config.pay.orderExpireMinutes,
    );
  });
  return created(order);
}
