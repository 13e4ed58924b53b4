/**
 * A user's status (users.status, as BladeX's blade_user.status):
 *
 *   ENABLED (1) --disable--> DISABLED (0)   every session of the user is revoked
 *   DISABLED (0) --enable--> ENABLED (1)    the user signs in again (old sessions stay ended)
 *
 * Each transition is one conditional UPDATE ... WHERE status = <from> RETURNING; the side effect
 * runs only when it changed a row, inside the caller's transaction.
 */
import { and, eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { revokeUserSessions, type Tx } from './tokens';

export const USER_ENABLED = 1;
export const USER_DISABLED = 0;

const whereUser = (tenantId: string, userId: number, status: number) =>
  and(eq(users.tenantId, tenantId), eq(users.id, userId), eq(users.status, status));

/** ENABLED -> DISABLED; true when it changed the user. */
export async function disableUser(tx: Tx, tenantId: string, userId: number): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ status: USER_DISABLED })
    .where(whereUser(tenantId, userId, USER_ENABLED))
    .returning({ id: users.id });
  if (changed.length) await revokeUserSessions(tx, tenantId, userId);
  return changed.length > 0;
}

/** DISABLED -> ENABLED; true when it changed the user. */
export async function enableUser(tx: Tx, tenantId: string, userId: number): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ status: USER_ENABLED })
    .where(whereUser(tenantId, userId, USER_DISABLED))
    .returning({ id: users.id });
  return changed.length > 0;
}
