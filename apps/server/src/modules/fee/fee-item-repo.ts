/** Queries of the comprehensive-fee catalogue and of newly admitted students, within one tenant. */
import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { enrollees, feeItems, orderItems, orders } from '@server/db/schema-finance';
import { feeItemSignatures, type SignatureTiming } from '@server/db/schema-signature';
import { likePattern } from '@server/http/search';
import type { FeeItemRow } from './views';

export type FeeItemKind = 'manual' | 'enroll' | 'topup';
export type EnrolleeRow = typeof enrollees.$inferSelect;

/** Items on sale of the given kinds, in the school's order. */
export async function listFeeItems(db: Db, tenantId: string, kinds: FeeItemKind[]): Promise<FeeItemRow[]> {
  return db
    .select()
    .from(feeItems)
    .where(and(eq(feeItems.tenantId, tenantId), inArray(feeItems.kind, kinds), eq(feeItems.status, 1)))
    .orderBy(asc(feeItems.sort), asc(feeItems.id));
}

/** Which of the items ask for the payer's signature, and when (the flag lives in schema-signature.ts). */
export async function signatureTimings(
  db: Db,
  tenantId: string,
  ids: number[],
): Promise<Map<number, SignatureTiming>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: feeItemSignatures.feeItemId, timing: feeItemSignatures.timing })
    .from(feeItemSignatures)
    .where(and(eq(feeItemSignatures.tenantId, tenantId), inArray(feeItemSignatures.feeItemId, ids)));
  return new Map(rows.map((r) => [r.id, r.timing]));
}

export async function findFeeItem(
  db: Db | Tx,
  tenantId: string,
  id: number,
): Promise<FeeItemRow | undefined> {
  const [row] = await db
    .select()
    .from(feeItems)
    .where(and(eq(feeItems.tenantId, tenantId), eq(feeItems.id, id), eq(feeItems.status, 1)));
  return row;
}

/** A fee item's user types (comma list) admit the caller's type; an empty list admits everyone. */
export function offeredTo(item: FeeItemRow, userType: string | null): boolean {
  const types = item.userTypes
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return types.length === 0 || (userType !== null && types.includes(userType));
}

/** A newly admitted student: both the ID number and the name must match. */
export async function findEnrollee(
  db: Db | Tx,
  tenantId: string,
  idCard: string,
  name: string,
): Promise<EnrolleeRow | undefined> {
  const upper = idCard.trim().toUpperCase();
  const spellings = upper.endsWith('X') ? [upper, `${upper.slice(0, -1)}x`] : [upper];
  const [row] = await db
    .select()
    .from(enrollees)
    .where(
      and(
        eq(enrollees.tenantId, tenantId),
        inArray(enrollees.idCard, spellings),
        eq(enrollees.name, name.trim()),
      ),
    );
  return row;
}

/** Locks one enrollee, so two enrolment orders for the same item are not created side by side. */
export async function lockEnrollee(tx: Tx, tenantId: string, id: number): Promise<void> {
  await tx
    .select({ id: enrollees.id })
    .from(enrollees)
    .where(and(eq(enrollees.tenantId, tenantId), eq(enrollees.id, id)))
    .for('update');
}

/** Catalogue items an enrollee has paid for (orders PAID and not refunded in full). */
export async function paidEnrollItemIds(
  db: Db | Tx,
  tenantId: string,
  enrolleeId: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ feeItemId: orderItems.feeItemId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.personType, 'enrollee'),
        eq(orders.personId, enrolleeId),
        eq(orders.payStatus, 'PAID'),
      ),
    );
  return rows.map((r) => r.feeItemId).filter((id): id is number => id !== null);
}

/** The finance office's catalogue: every item of the tenant (withdrawn ones too), filtered, a page of them. */
export async function feeItemPage(
  db: Db,
  tenantId: string,
  filters: { kind?: FeeItemKind; status?: number; keyword?: string },
  q: { current: number; size: number },
): Promise<{ rows: FeeItemRow[]; total: number }> {
  const where = and(
    eq(feeItems.tenantId, tenantId),
    filters.kind ? eq(feeItems.kind, filters.kind) : undefined,
    filters.status !== undefined ? eq(feeItems.status, filters.status) : undefined,
    filters.keyword
      ? or(
          ilike(feeItems.name, likePattern(filters.keyword)),
          ilike(feeItems.nameEn, likePattern(filters.keyword)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feeItems)
      .where(where)
      .orderBy(asc(feeItems.sort), asc(feeItems.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(feeItems).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export type FeeItemValues = Omit<typeof feeItems.$inferInsert, 'id' | 'tenantId'>;

export async function insertFeeItem(db: Db, tenantId: string, values: FeeItemValues): Promise<FeeItemRow> {
  const [row] = await db
    .insert(feeItems)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

/** Changes an item of the tenant; undefined when the tenant has no such item. */
export async function updateFeeItem(
  db: Db,
  tenantId: string,
  id: number,
  values: FeeItemValues,
): Promise<FeeItemRow | undefined> {
  const [row] = await db
    .update(feeItems)
    .set(values)
    .where(and(eq(feeItems.tenantId, tenantId), eq(feeItems.id, id)))
    .returning();
  return row;
}
