/** Demo signature flags: the dormitory key deposit of 100001 is signed for before it is paid. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { feeItems } from '../schema-finance';
import { feeItemSignatures } from '../schema-signature';

export async function seedSignatureDemo(db: Db): Promise<void> {
  const [dormKey] = await db
    .select({ id: feeItems.id })
    .from(feeItems)
    .where(and(eq(feeItems.tenantId, '100001'), eq(feeItems.nameEn, 'Dormitory key deposit')));
  if (dormKey)
    await db
      .insert(feeItemSignatures)
      .values({ tenantId: '100001', feeItemId: dormKey.id, timing: 'before_pay' });
}
