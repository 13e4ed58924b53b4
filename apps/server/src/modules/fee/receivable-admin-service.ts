/**
 * The finance office's view of one person's receivables, and waiving, reducing or deferring one with a
 * reason (manager level: ../admin/fees-routes.ts sets it; the guard checks it). Each change runs under
 * the receivable's row lock (orders and other-means payments take the same lock), is one conditional
 * update (receivable-adjust.ts) and leaves an audit row with the amounts and the reason.
 */
import { adjustableOf, adjustWaitsForPayments, payNowOf, summarize } from '@cf/shared/fees';
import { formatYuan } from '@cf/shared/money';
import type { AdminReceivable } from '@cf/shared/wire/admin-fees';
import { ADJUST_REASON_MAX } from '@cf/shared/wire/admin-fees';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@server/db/client';
import { audit } from '@server/http/audit';
import type { AuthContext } from '@server/http/context';
import { badRequest, notFound } from '@server/http/errors';
import { dayStart } from '@server/http/search';
import { findPersonForAdmin, type AdminPersonType } from '../user/people-admin-repo';
import { addDeferral, addReduction } from './receivable-adjust';
import { commitments, type Commitment, type ReceivableRow } from './receivable-repo';
import { and, asc, eq } from 'drizzle-orm';
import { receivables } from '@server/db/schema-finance';

function adminReceivableView(row: ReceivableRow, committed: Commitment): AdminReceivable {
  const summary = summarize(row);
  return {
    id: row.id,
    category: row.category,
    schoolYear: row.schoolYear,
    itemCode: row.itemCode,
    itemName: row.itemName,
    itemNameEn: row.itemNameEn,
    allowPartial: row.allowPartial,
    dueDate: row.dueDate?.toISOString() ?? null,
    summary,
    openOrderFen: committed.openOrderFen,
    pendingReviewFen: committed.pendingReviewFen,
    // Never what is paid or on its way, nor a deferred part while payments are on their way (@cf/shared/fees).
    adjustableFen: adjustableOf(summary, committed),
    // What the payer could pay now is what may be deferred (the payer's rule, @cf/shared/fees).
    deferrableFen: payNowOf(summary, committed).payNowFen,
  };
}

export async function personReceivables(db: Db, auth: AuthContext, type: AdminPersonType, personId: number) {
  if (!(await findPersonForAdmin(db, auth.tenantId, type, personId))) throw notFound('admin.personNotFound');
  const rows = await db
    .select()
    .from(receivables)
    .where(
      and(
        eq(receivables.tenantId, auth.tenantId),
        eq(receivables.personType, type),
        eq(receivables.personId, personId),
      ),
    )
    .orderBy(asc(receivables.category), asc(receivables.schoolYear), asc(receivables.id));
  const committed = await commitments(
    db,
    auth.tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => adminReceivableView(row, committed.get(row.id)!));
}

export type Adjustment =
  | { kind: 'waive'; reason: string }
  | { kind: 'reduce'; amountFen: number; reason: string }
  | { kind: 'defer'; amountFen: number; reason: string; dueDate?: string };

function checkReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed || [...trimmed].length > ADJUST_REASON_MAX)
    throw badRequest('admin.reasonRequired', { max: ADJUST_REASON_MAX });
  return trimmed;
}

export async function adjustReceivable(
  db: Db,
  req: FastifyRequest | null,
  auth: AuthContext,
  id: number,
  change: Adjustment,
): Promise<AdminReceivable> {
  const reason = checkReason(change.reason);
  const { row, amountFen } = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(receivables)
      .where(and(eq(receivables.tenantId, auth.tenantId), eq(receivables.id, id)))
      .for('update');
    if (!locked) throw notFound('fee.receivableNotFound');
    const committed = (await commitments(tx, auth.tenantId, [id])).get(id)!;
    const view = adminReceivableView(locked, committed);
    const room = change.kind === 'defer' ? view.deferrableFen : view.adjustableFen;
    if (room <= 0)
      throw badRequest(
        change.kind !== 'defer' && adjustWaitsForPayments(view.summary, committed)
          ? 'admin.adjustAfterPayments'
          : 'admin.nothingToAdjust',
      );
    const amount = change.kind === 'waive' ? room : change.amountFen;
    if (amount > room) throw badRequest('admin.adjustTooLarge', { max: formatYuan(room, false) });
    const held = committed.openOrderFen + committed.pendingReviewFen;
    const updated =
      change.kind === 'defer'
        ? await addDeferral(
            tx,
            auth.tenantId,
            id,
            amount,
            held,
            change.dueDate ? dayStart(change.dueDate) : undefined,
          )
        : await addReduction(tx, auth.tenantId, id, amount, held);
    // The lock makes this unreachable; the condition stays the rule of record.
    if (!updated) throw badRequest('admin.adjustTooLarge', { max: formatYuan(room, false) });
    return { row: updated, amountFen: amount };
  });
  await audit(db, req, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    action: `receivable.${change.kind}`,
    detail: {
      receivableId: id,
      personType: row.personType,
      personId: row.personId,
      amountFen,
      reason,
      ...(change.kind === 'defer' && change.dueDate ? { dueDate: change.dueDate } : {}),
    },
  });
  const committed = (await commitments(db, auth.tenantId, [id])).get(id)!;
  return adminReceivableView(row, committed);
}
