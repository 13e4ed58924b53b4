import type { Action } from 'antd-mobile/es/components/action-sheet';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserInfo } from '@/api/get-user-info';
import { quit } from '@/api/logout';
import { APP_VERSION } from '@/lib/env';
import { loadChunk } from '@/lib/lazy-chunk';
import { useT } from '@/lib/i18n/use-t';
import { openPopup } from '@/lib/popups';
import { hasValidUserId } from '@/lib/session';
import { useSession } from '@/lib/use-session';

// The sheet (and the animation library under antd-mobile's popups) loads when first opened, or once the
// screen has settled: it is not part of what every inner screen needs to show itself.
const loadSheet = () => import('antd-mobile/es/components/action-sheet');
const ActionSheet = lazy(() => loadChunk(loadSheet));
const SETTLED_MS = 4000;

/** The right-hand more menu: version, rebinding, modify phone, quit. */
export function MoreMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  useEffect(() => {
    const timer = setTimeout(() => void loadSheet().catch(() => undefined), SETTLED_MS);
    return () => clearTimeout(timer);
  }, []);
  const navigate = useNavigate();
  const { user } = useSession();
  const bound = hasValidUserId(user);
  // An account never bound (a guest) binds for the first time on /register, not by "rebinding".
  const guest = useUserInfo(bound ? user?.userId : undefined).data?.bound === false;
  const actions: Action[] = [
    { key: 'version', text: t('menu.version', { version: APP_VERSION }), disabled: true },
    ...(bound
      ? [
          guest
            ? { key: 'bind', text: t('menu.bind'), onClick: () => navigate('/register') }
            : { key: 'rebinding', text: t('menu.rebinding'), onClick: () => openPopup('rebinding') },
          { key: 'phone', text: t('menu.modifyPhone'), onClick: () => openPopup('phone') },
        ]
      : []),
    { key: 'quit', text: t('menu.quit'), danger: true, onClick: quit },
  ];
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ActionSheet
        visible={open}
        actions={actions}
        cancelText={t('common.cancel')}
        closeOnAction
        onClose={onClose}
        data-testid="more-menu-sheet"
      />
    </Suspense>
  );
}
