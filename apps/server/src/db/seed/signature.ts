/**
 * Demo signature flags: the dormitory key deposit of 100001 is signed for before it is paid, and the
 * payer signs this declaration (shown above the pad).
 */
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
    await db.insert(feeItemSignatures).values({
      tenantId: '100001',
      feeItemId: dormKey.id,
      timing: 'before_pay',
      declaration:
        '本人确认已领取宿舍钥匙一把，并妥善保管。钥匙遗失或损坏的，押金不予退还；退宿时交回钥匙，凭押金单退还押金。',
      declarationEn:
        'I confirm I have received one dormitory key and will keep it safe. If it is lost or damaged the deposit is not returned; when I move out I hand the key back and the deposit is returned against the deposit slip.',
    });
}
