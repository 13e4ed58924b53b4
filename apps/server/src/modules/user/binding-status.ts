/**
 * The state machine of a binding (user_bindings.status), one conditional UPDATE per transition.
 *
 *   bind with the code of the phone the finance office holds ─────────────▶ active
 *   bind without it (no held phone, or the tenant waives SMS) ─▶ pending ─approve─▶ active
 *                                                                   └──refuse──▶ refused
 *
 * Each decision writes its message to the binder in the caller's transaction (modules/notify/record.ts).
 * Only an active binding reads the person's data (fee/person.ts, bind-info, user-info). Binding
 * again replaces the row (repo.ts upsertBinding), which is how a refused user tries again.
 */
import type { BindingStatus } from '@cf/shared/wire/auth';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { userBindings } from '@server/db/schema';
import { recordMessage } from '@server/modules/notify/record';

/** active | pending | refused (BINDING_STATUSES of @cf/shared/wire/auth). */
export type { BindingStatus };

export type BindingRow = typeof userBindings.$inferSelect;

/** pending -> active: the finance office approves. Undefined when the row was not pending. */
export async function approvePending(
  db: Db,
  tenantId: string,
  bindingId: number,
  decidedBy: number,
): Promise<BindingRow | undefined> {
  const [row] = await db
    .update(userBindings)
    .set({ status: 'active', decidedAt: new Date(), decidedBy, decisionNote: null })
    .where(
      and(
        eq(userBindings.tenantId, tenantId),
        eq(userBindings.id, bindingId),
        eq(userBindings.status, 'pending'),
      ),
    )
    .returning();
  if (row) {
    await recordMessage(db, {
      tenantId,
      kind: 'bindingApproved',
      key: `binding:${row.id}:approved:${row.decidedAt!.getTime()}`,
      userId: row.userId,
      data: {},
    });
  }
  return row;
}

/** pending -> refused, with the reason the binder will read. Undefined when the row was not pending. */
export async function refusePending(
  db: Db,
  tenantId: string,
  bindingId: number,
  decidedBy: number,
  reason: string,
): Promise<BindingRow | undefined> {
  const [row] = await db
    .update(userBindings)
    .set({ status: 'refused', decidedAt: new Date(), decidedBy, decisionNote: reason })
    .where(
      and(
        eq(userBindings.tenantId, tenantId),
        eq(userBindings.id, bindingId),
        eq(userBindings.status, 'pending'),
      ),
    )
    .returning();
  if (row) {
    await recordMessage(db, {
      tenantId,
      kind: 'bindingRefused',
      key: `binding:${row.id}:refused:${row.decidedAt!.getTime()}`,
      userId: row.userId,
      data: { reason },
    });
  }
  return row;
}
