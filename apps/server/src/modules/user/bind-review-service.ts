/**
 * The finance office's side of binding: bindings that wait for it (no second factor: the
 * identity has no held phone, or the tenant waives SMS), approved or refused. Reached only through
 * modules/admin/bindings-routes.ts, whose guard checks the finance role and writes the audit row.
 */
import type { UserType } from '@cf/shared/validation';
import type { BindingReview } from '@cf/shared/wire/admin-users';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { users } from '@server/db/schema';
import type { AuthContext } from '@server/http/context';
import { page, type PageQuery } from '@server/http/envelope';
import { AppError, badRequest, notFound } from '@server/http/errors';
import { roleIdsFor } from './bind-service';
import { approvePending, refusePending, type BindingStatus } from './binding-status';
import { bindingsInStatus, findBindingForReview, type BindingReviewRow } from './bind-review-repo';
import { maskIdCard, maskPhone } from './mask';
import { updateOwnUser } from './repo';

function reviewView(row: BindingReviewRow): BindingReview {
  return {
    id: row.id,
    status: row.status,
    userType: row.userType,
    userId: row.userId,
    account: row.account,
    nickName: row.nickName,
    personNo: row.personNo,
    personName: row.personName,
    idCardMasked: maskIdCard(row.idCard),
    heldPhoneMasked: maskPhone(row.heldPhone),
    submitted: row.submitted ?? null,
    sameIdCard: Number(row.sameIdCard ?? 0),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  };
}

export async function listBindings(db: Db, auth: AuthContext, status: BindingStatus, q: PageQuery) {
  const { rows, total } = await bindingsInStatus(db, auth.tenantId, status, q);
  return page(rows.map(reviewView), total, q);
}

/** 404 for no such binding in the tenant, 409 for one that is no longer pending. */
async function decided(db: Db, tenantId: string, id: number): Promise<never> {
  if (!(await findBindingForReview(db, tenantId, id))) throw notFound('bind.requestNotFound');
  throw new AppError(409, 'bind.requestDecided');
}

/** pending -> active; then (only then) the user becomes the person's type with its role. */
export async function approveBinding(db: Db, auth: AuthContext, id: number): Promise<BindingReview> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const binding = await approvePending(tx, auth.tenantId, id, auth.userId);
    if (!binding) return decided(tx, auth.tenantId, id);
    const userType = binding.userType as UserType;
    const [user] = await tx
      .select({ roleIds: users.roleIds })
      .from(users)
      .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, binding.userId)));
    await updateOwnUser(tx, auth.tenantId, binding.userId, {
      userType,
      roleIds: await roleIdsFor(tx, auth.tenantId, userType, user?.roleIds ?? ''),
    });
    return reviewView((await findBindingForReview(tx, auth.tenantId, id))!);
  });
}

/** pending -> refused with the reason the binder reads; they may bind again. */
export async function refuseBinding(
  db: Db,
  auth: AuthContext,
  id: number,
  reason: string | undefined,
): Promise<BindingReview> {
  const note = reason?.trim() ?? '';
  if (!note) throw badRequest('bind.refuseReasonRequired');
  // One transaction: the refusal and its message to the binder commit together.
  const binding = await db.transaction((tx) =>
    refusePending(tx as unknown as Db, auth.tenantId, id, auth.userId, note),
  );
  if (!binding) return decided(db, auth.tenantId, id);
  return reviewView((await findBindingForReview(db, auth.tenantId, id))!);
}

/** The held phone of a binding's person in full, for the office to call the applicant (the route audits it). */
export async function bindingHeldPhone(db: Db, auth: AuthContext, id: number) {
  const row = await findBindingForReview(db, auth.tenantId, id);
  if (!row) throw notFound('bind.requestNotFound');
  return { heldPhone: row.heldPhone };
}
