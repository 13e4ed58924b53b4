/**
 * An order's signature state machine (orders.signature_status):
 *
 *   none -> signed   (once: the confirmed signature is stored in the same transaction; never replaced)
 *
 * The transition is one conditional UPDATE ... WHERE signature_status = 'none' RETURNING; the
 * signature row is written only when it changed the order, and the change is announced after commit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { orders } from '@server/db/schema-finance';
import { orderSignatures } from '@server/db/schema-signature';
import type { SignatureStrokes } from '@cf/shared/wire/signature';
import { announceOrderChange } from '@server/modules/order/changes';
import type { OrderTx } from '@server/modules/order/pay-status';

export interface ConfirmedSignature {
  tenantId: string;
  orderId: number;
  signerUserId: number | null;
  signerOauthId: number | null;
  png: Buffer;
  width: number;
  height: number;
  strokes: SignatureStrokes;
}

/** none -> signed with its signature row; false (nothing written) when the order was signed already. */
export async function markSigned(tx: OrderTx, signature: ConfirmedSignature): Promise<boolean> {
  const [row] = await tx
    .update(orders)
    .set({ signatureStatus: 'signed', updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, signature.orderId),
        eq(orders.tenantId, signature.tenantId),
        eq(orders.signatureStatus, 'none'),
      ),
    )
    .returning();
  if (!row) return false;
  await tx.insert(orderSignatures).values(signature);
  announceOrderChange(tx, row);
  return true;
}
