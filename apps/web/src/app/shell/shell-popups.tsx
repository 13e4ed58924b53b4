import { lazy, Suspense } from 'react';
import { loadChunk } from '@/lib/lazy-chunk';
import { closePopup, useOpenPopup } from '@/lib/popups';

// Popup bodies load on first use so the shell itself stays small.
const LoginPopup = lazy(() => loadChunk(() => import('@/features/auth/components/login-popup')));
const RebindingPopup = lazy(() => loadChunk(() => import('@/features/binding/components/rebinding-popup')));
const PhoneChangePopup = lazy(() =>
  loadChunk(() => import('@/features/profile/components/phone-change-popup')),
);

/** The shell's popups (spec §2): login and rebinding 80% high, phone change 60%. */
export function ShellPopups() {
  const open = useOpenPopup();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open === 'login' ? <LoginPopup visible onClose={closePopup} /> : null}
      {open === 'rebinding' ? <RebindingPopup visible onClose={closePopup} /> : null}
      {open === 'phone' ? <PhoneChangePopup visible onClose={closePopup} /> : null}
    </Suspense>
  );
}
