/** SQL of signatures: which items of an order ask for one, and the order's stored signature. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { orderItems } from '@server/db/schema-finance';
import { feeItemSignatures, orderSignatures, type SignatureTiming } from '@server/db/schema-signature';

/** The timings asked for by the order's catalogue items (empty: no item asks for a signature). */
export async function timingsOfOrder(db: Db, tenantId: string, orderId: number): Promise<SignatureTiming[]> {
  const rows = await db
    .select({ timing: feeItemSignatures.timing })
    .from(orderItems)
    .innerJoin(feeItemSignatures, eq(feeItemSignatures.feeItemId, orderItems.feeItemId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(feeItemSignatures.tenantId, tenantId),
        isNotNull(orderItems.feeItemId),
      ),
    );
  return rows.map((r) => r.timing);
}

/** The order's signature facts without the image. */
export async function findSignatureFacts(db: Db, tenantId: string, orderId: number) {
  const [row] = await db
    .select({
      width: orderSignatures.width,
      height: orderSignatures.height,
      createdAt: orderSignatures.createdAt,
    })
    .from(orderSignatures)
    .where(and(eq(orderSignatures.tenantId, tenantId), eq(orderSignatures.orderId, orderId)));
  return row;
}

export async function findSignaturePng(db: Db, tenantId: string, orderId: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ png: orderSignatures.png })
    .from(orderSignatures)
    .where(and(eq(orderSignatures.tenantId, tenantId), eq(orderSignatures.orderId, orderId)));
  return row?.png ?? null;
}

/** Marks a catalogue item as needing a signature (admin-service.ts: the console's switch; tests). */
export async function requireSignature(
  db: Db,
  tenantId: string,
  feeItemId: number,
  timing: SignatureTiming,
): Promise<void> {
  await db
    .insert(feeItemSignatures)
    .values({ tenantId, feeItemId, timing })
    .onConflictDoUpdate({ target: feeItemSignatures.feeItemId, set: { timing } });
}
