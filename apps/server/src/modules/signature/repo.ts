/** SQL of signatures: which items of an order ask for one, and the order's stored signature. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { orderItems } from '@server/db/schema-finance';
import { feeItemSignatures, orderSignatures, type SignatureTiming } from '@server/db/schema-signature';

/** What the order's catalogue items ask for: timing and declaration (empty: no item asks for a signature). */
export async function asksOfOrder(db: Db, tenantId: string, orderId: number) {
  return db
    .select({
      timing: feeItemSignatures.timing,
      declaration: feeItemSignatures.declaration,
      declarationEn: feeItemSignatures.declarationEn,
    })
    .from(orderItems)
    .innerJoin(feeItemSignatures, eq(feeItemSignatures.feeItemId, orderItems.feeItemId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(feeItemSignatures.tenantId, tenantId),
        isNotNull(orderItems.feeItemId),
      ),
    );
}

/** The timings asked for by the order's catalogue items (empty: no item asks for a signature). */
export async function timingsOfOrder(db: Db, tenantId: string, orderId: number): Promise<SignatureTiming[]> {
  return (await asksOfOrder(db, tenantId, orderId)).map((r) => r.timing);
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
  declaration?: { declaration?: string; declarationEn?: string },
): Promise<void> {
  const texts = {
    ...(declaration?.declaration !== undefined ? { declaration: declaration.declaration } : {}),
    ...(declaration?.declarationEn !== undefined ? { declarationEn: declaration.declarationEn } : {}),
  };
  await db
    .insert(feeItemSignatures)
    .values({ tenantId, feeItemId, timing, ...texts })
    .onConflictDoUpdate({ target: feeItemSignatures.feeItemId, set: { timing, ...texts } });
}
