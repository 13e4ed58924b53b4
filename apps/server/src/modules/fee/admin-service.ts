/**
 * The finance office's review of other-means payments: list (with the evidence files the payer
 * uploaded), review (counts it), void (never counted).
 * Called from ../admin/bills-routes.ts, whose guard checks the finance role; no role check here.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { audit } from '@server/http/audit';
import { page, type PageQuery } from '@server/http/envelope';
import { badRequest } from '@server/http/errors';
import { reviewBill, voidBill } from './bill-status';
import { billsForReview } from './bill-repo';
import { evidenceByBill } from './evidence-service';
import { billView } from './views';

export async function listBillsForReview(db: Db, auth: AuthContext, status: number, q: PageQuery) {
  const { rows, total } = await billsForReview(db, auth.tenantId, status, q);
  const evidence = await evidenceByBill(
    db,
    auth.tenantId,
    rows.map((row) => row.id),
  );
  return page(
    rows.map((row) => ({
      ...billView(row),
      receivableId: row.receivableId,
      personType: row.personType,
      personId: row.personId,
      personName: row.personName,
      personNo: row.personNo,
      createdAt: row.createdAt.toISOString(),
      evidence: evidence.get(row.id) ?? [],
    })),
    total,
    q,
  );
}

export async function decideBill(
  db: Db,
  auth: AuthContext,
  billId: number,
  decision: 'review' | 'void',
  req: FastifyRequest | null,
) {
  const bill = await db.transaction((tx) =>
    decision === 'review'
      ? reviewBill(tx, billId, auth.tenantId, auth.userId)
      : voidBill(tx, billId, auth.tenantId, auth.userId),
  );
  if (!bill) throw badRequest('fee.billNotPending');
  await audit(db, req, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    action: `bill.${decision}`,
    detail: { billId: bill.id, receivableId: bill.receivableId, amountFen: bill.amountFen },
  });
  return billView(bill);
}
