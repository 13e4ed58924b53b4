/** The finance office's review of other-means payments: list, review (counts it), void (never counted). */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { audit } from '../../http/audit';
import { page, type PageQuery } from '../../http/envelope';
import { badRequest, forbidden } from '../../http/errors';
import { findUser, rolesOf } from '../auth/subject';
import { reviewBill, voidBill } from '../pay/pay-status';
import { billsForReview } from './bill-repo';
import { billView } from './views';

const FINANCE_ROLES = new Set(['finance', 'admin']);

/** Role aliases are read from the database, not the token, so a revoked role stops at once. */
export async function requireFinanceRole(db: Db, auth: AuthContext): Promise<void> {
  const user = auth.userId > 0 ? await findUser(db, auth.tenantId, auth.userId) : undefined;
  const roles = user ? await rolesOf(db, auth.tenantId, user.roleIds) : [];
  if (!roles.some((r) => FINANCE_ROLES.has(r.roleAlias))) throw forbidden('fee.financeOnly');
}

export async function listBillsForReview(db: Db, auth: AuthContext, status: number, q: PageQuery) {
  await requireFinanceRole(db, auth);
  const { rows, total } = await billsForReview(db, auth.tenantId, status, q);
  return page(
    rows.map((row) => ({
      ...billView(row),
      receivableId: row.receivableId,
      personType: row.personType,
      personId: row.personId,
      personName: row.personName,
      createdAt: row.createdAt.toISOString(),
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
  await requireFinanceRole(db, auth);
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
