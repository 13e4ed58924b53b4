import { lazy, Suspense } from 'react';
import { loadProfileTexts } from '@/lib/i18n/profile-texts';
import { loadChunk } from '@/lib/lazy-chunk';
import { closePopup, useOpenPopup } from '@/lib/popups';

// Popup bodies load on first use so the shell itself stays small.
const LoginPopup = lazy(() => loadChunk(() => import('@/features/auth/components/login-popup')));
const RebindingPopup = lazy(() => loadChunk(() => import('@/features/binding/components/rebinding-popup')));
// The phone popup's texts are the profile section's (lib/i18n/profile-zh.ts).
const PhoneChangePopup = lazy(() =>
  loadChunk(() =>
    Promise.all([import('@/features/profile/components/phone-change-popup'), loadProfileTexts()]).then(
      ([popup]) => popup,
    ),
  ),
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
