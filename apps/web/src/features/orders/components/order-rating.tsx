/** The order detail's rating card, loaded on its own with its texts (rating-block.tsx). */
import { lazy, Suspense } from 'react';
import type { OrderDetail } from '@cf/shared/wire/order';
import { loadSignrateTexts } from '@/lib/i18n/signrate-texts';
import { loadChunk } from '@/lib/lazy-chunk';

const RatingBlock = lazy(() =>
  loadChunk(async () => {
    await loadSignrateTexts();
    return import('./rating-block');
  }),
);

export function OrderRating({ order }: { order: OrderDetail }) {
  return (
    <Suspense fallback={null}>
      <RatingBlock order={order} />
    </Suspense>
  );
}
