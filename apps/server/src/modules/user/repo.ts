/**
 * Queries of users, their roles, WeChat links and bindings; every one is scoped to a tenant.
 * Reading a user or a WeChat link by id is the auth module's (modules/auth/subject.ts).
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { BindingSubmitted } from '@cf/shared/wire/admin-users';
import type { Db } from '@server/db/client';
import { oauthLinks, params, roles, stepUpUses, userBindings, users } from '@server/db/schema';

export type UserRow = typeof users.$inferSelect;
export type UserBindingRow = typeof userBindings.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** The tenant's params as a key/value map (bind settings, account settings). */
export async function tenantParams(db: Db, tenantId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: params.paramKey, value: params.paramValue })
    .from(params)
    .where(eq(params.tenantId, tenantId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Another user of the tenant holding this login phone (the caller excluded). */
export async function findOtherUserWithPhone(
  db: Db,
  tenantId: string,
  phone: string,
  exceptUserId: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.phone, phone), ne(users.id, exceptUserId)));
  return row;
}

/** Changes columns of the caller's own row only: the where clause carries tenant and user. */
export async function updateOwnUser(
  db: Db,
  tenantId: string,
  userId: number,
  values: PgUpdateSetSource<typeof users>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row;
}

/**
 * Seconds until the caller's phone has been held for `hours` (0 once it has, or when it never
 * changed), by the database clock so API servers with skewed clocks agree.
 */
export async function phoneSettlesInSeconds(
  db: Db,
  tenantId: string,
  userId: number,
  hours: number,
): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`greatest(0, coalesce(extract(epoch from (${users.phoneChangedAt} + make_interval(hours => ${hours}) - now())), 0))::float`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return Number(row?.seconds ?? 0);
}

/** Spends a step-up token: true for the first use of its id, false when it was used already. */
export async function spendStepUp(
  db: Db,
  use: { jti: string; tenantId: string; userId: number; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(stepUpUses)
    .values(use)
    .onConflictDoNothing()
    .returning({ jti: stepUpUses.jti });
  return rows.length > 0;
}

/**
 * Points a WeChat identity at its new user, only if it points nowhere yet: two registrations
 * racing for one WeChat identity create one user.
 */
export async function claimOauthLink(db: Db, tenantId: string, oauthId: number, userId: number) {
  const rows = await db
    .update(oauthLinks)
    .set({ userId })
    .where(and(eq(oauthLinks.tenantId, tenantId), eq(oauthLinks.id, oauthId), isNull(oauthLinks.userId)))
    .returning({ id: oauthLinks.id });
  return rows.length > 0;
}

export async function findRolesByAlias(db: Db, tenantId: string, aliases: string[]): Promise<RoleRow[]> {
  if (aliases.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.roleAlias, aliases)));
}

export async function findBinding(
  db: Db,
  tenantId: string,
  userId: number,
): Promise<UserBindingRow | undefined> {
  const [row] = await db
    .select()
    .from(userBindings)
    .where(and(eq(userBindings.tenantId, tenantId), eq(userBindings.userId, userId)));
  return row;
}

/** One binding per user: binding again replaces the old one. */
export async function upsertBinding(
  db: Db,
  binding: {
    tenantId: string;
    userId: number;
    userType: string;
    studentId: number | null;
    employeeId: number | null;
    otherId: number | null;
    status: 'active' | 'pending';
    submitted?: BindingSubmitted | null;
  },
): Promise<void> {
  await db
    .insert(userBindings)
    .values(binding)
    .onConflictDoUpdate({
      target: userBindings.userId,
      set: {
        tenantId: binding.tenantId,
        userType: binding.userType,
        studentId: binding.studentId,
        employeeId: binding.employeeId,
        otherId: binding.otherId,
        status: binding.status,
        submitted: binding.submitted ?? null,
        decidedAt: null,
        decidedBy: null,
        decisionNote: null,
        createdAt: new Date(),
      },
    });
}

export interface PersonRef {
  studentId: number | null;
  employeeId: number | null;
  otherId: number | null;
}

const samePerson = (ref: PersonRef) =>
  ref.studentId
    ? eq(userBindings.studentId, ref.studentId)
    : ref.employeeId
      ? eq(userBindings.employeeId, ref.employeeId)
      : eq(userBindings.otherId, ref.otherId ?? 0);

/** The other users whose active binding points at this person (the accounts to tell of a new one). */
export async function findActiveBinders(
  db: Db,
  tenantId: string,
  ref: PersonRef,
  exceptUserId: number,
): Promise<Pick<UserRow, 'id' | 'account' | 'phone' | 'email' | 'financeEmail'>[]> {
  return db
    .select({
      id: users.id,
      account: users.account,
      phone: users.phone,
      email: users.email,
      financeEmail: users.financeEmail,
    })
    .from(userBindings)
    .innerJoin(users, and(eq(users.id, userBindings.userId), eq(users.tenantId, userBindings.tenantId)))
    .where(
      and(
        eq(userBindings.tenantId, tenantId),
        eq(userBindings.status, 'active'),
        samePerson(ref),
        ne(userBindings.userId, exceptUserId),
      ),
    );
}

export const parseRoleIds = (roleIds: string): number[] =>
  roleIds
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

/** Inserts a user unless the account or the phone is taken (then answers undefined). */
export async function insertUserIfFree(
  db: Db,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}
