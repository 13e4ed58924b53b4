/** What a person owes and has paid: student fees by school year, comprehensive fees, bills. */
import { addPayNow, addSummaries } from '@cf/shared/fees';
import type { Db } from '@server/db/client';
import type { OrderType } from '@server/db/schema-finance';
import type { AuthContext } from '@server/http/context';
import { page, type PageQuery } from '@server/http/envelope';
import { badRequest } from '@server/http/errors';
import { billsOfPerson, billsOfReceivable } from './bill-repo';
import { findFeeItem, listFeeItems, offeredTo, signatureTimings } from './fee-item-repo';
import { requireCallerPerson, type Person } from './person';
import { commitments, findReceivable, listReceivablesCommitted } from './receivable-repo';
import type { Receivable } from '@cf/shared/wire/fee';
import { billView, feeItemView, receivableView } from './views';

/** The person's receivables of a category, each with what is already committed against it. */
async function receivablesOf(db: Db, tenantId: string, person: Person, category: OrderType) {
  const rows = await listReceivablesCommitted(db, tenantId, person, category);
  return { views: rows.map(({ row, committed }) => receivableView(row, committed)) };
}

/**
 * Student fees are a student's: anyone else (staff, an outside person) is told where their fees are
 * instead of being shown a page of zeros. Also the rule of order/create-fee.
 */
export function requireStudent(person: Person): void {
  if (person.type !== 'student') throw badRequest('fee.studentsOnly');
}

export async function studentFees(db: Db, auth: AuthContext) {
  const person = await requireCallerPerson(db, auth.tenantId, auth.userId);
  requireStudent(person);
  const { views } = await receivablesOf(db, auth.tenantId, person, 'FEE');
  const years = new Map<string, Receivable[]>();
  for (const view of views) years.set(view.schoolYear, [...(years.get(view.schoolYear) ?? []), view]);
  return {
    summary: addSummaries(views.map((v) => v.summary)),
    // What can be paid now, over every year: home's card, the headline and what 全选 picks.
    payNow: addPayNow(views.map((v) => v.payNow)),
    // Newest school year first: that is what a student comes to pay.
    years: [...years.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([schoolYear, items]) => ({
        schoolYear,
        summary: addSummaries(items.map((v) => v.summary)),
        payNow: addPayNow(items.map((v) => v.payNow)),
        items,
      })),
  };
}

export async function otherFees(db: Db, auth: AuthContext) {
  const person = await requireCallerPerson(db, auth.tenantId, auth.userId);
  const items = (await listFeeItems(db, auth.tenantId, ['manual', 'topup'])).filter((item) =>
    offeredTo(item, person.userType),
  );
  const [{ views }, timings] = await Promise.all([
    receivablesOf(db, auth.tenantId, person, 'OTHER'),
    signatureTimings(
      db,
      auth.tenantId,
      items.map((i) => i.id),
    ),
  ]);
  const view = (item: (typeof items)[number]) => feeItemView(item, timings.get(item.id) ?? null);
  return {
    manual: items.filter((i) => i.kind === 'manual').map(view),
    receivables: views,
    topup: items.filter((i) => i.kind === 'topup').map(view),
  };
}

/** A catalogue item's detail; enrolment items are open to WeChat visitors, who have no user type yet. */
export async function feeItemDetail(db: Db, auth: AuthContext, id: number) {
  const item = await findFeeItem(db, auth.tenantId, id);
  if (!item) throw badRequest('fee.itemNotFound');
  const timings = await signatureTimings(db, auth.tenantId, [item.id]);
  return feeItemView(item, timings.get(item.id) ?? null);
}

/** One of the caller's receivables with its payments (the payment detail screen). */
export async function receivableDetail(db: Db, auth: AuthContext, id: number) {
  const person = await requireCallerPerson(db, auth.tenantId, auth.userId);
  const row = await findReceivable(db, auth.tenantId, person, id);
  if (!row) throw badRequest('fee.receivableNotFound');
  const committed = await commitments(db, auth.tenantId, [row.id]);
  const bills = await billsOfReceivable(db, auth.tenantId, row.id);
  return { ...receivableView(row, committed.get(row.id)!), bills: bills.map(billView) };
}

export async function feeHistory(db: Db, auth: AuthContext, category: OrderType, q: PageQuery) {
  const person = await requireCallerPerson(db, auth.tenantId, auth.userId);
  const { rows, total } = await billsOfPerson(db, auth.tenantId, person, category, q);
  return page(rows.map(billView), total, q);
}
