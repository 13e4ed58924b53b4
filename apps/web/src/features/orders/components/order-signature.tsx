/** The order detail's signature card, loaded on its own with its texts (signature-block.tsx). */
import { lazy, Suspense } from 'react';
import type { OrderDetail } from '@cf/shared/wire/order';
import { loadSignrateTexts } from '@/lib/i18n/signrate-texts';
import { loadChunk } from '@/lib/lazy-chunk';

const SignatureBlock = lazy(() =>
  loadChunk(async () => {
    await loadSignrateTexts();
    return import('./signature-block');
  }),
);

export function OrderSignature({ order }: { order: OrderDetail }) {
  return (
    <Suspense fallback={null}>
      <SignatureBlock order={order} />
    </Suspense>
  );
}
