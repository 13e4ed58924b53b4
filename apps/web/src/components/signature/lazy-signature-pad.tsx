/** The signature pad, loaded on first use with signature_pad and its texts (signature-pad.tsx). */
import { lazy, Suspense, type ComponentProps } from 'react';
import { loadSignrateTexts } from '@/lib/i18n/signrate-texts';
import { loadChunk } from '@/lib/lazy-chunk';

const SignaturePadSheet = lazy(() =>
  loadChunk(async () => {
    await loadSignrateTexts();
    return import('./signature-pad');
  }),
);

export function LazySignaturePad(props: ComponentProps<typeof SignaturePadSheet>) {
  return (
    <Suspense fallback={null}>
      <SignaturePadSheet {...props} />
    </Suspense>
  );
}
