import AppOutline from 'antd-mobile-icons/es/AppOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { ACCOUNT_PARAM_KEYS } from '@cf/shared/validation';
import { useEffect, useRef, type ComponentType } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSystemParams } from '@/api/get-system-params';
import { useT } from '@/lib/i18n/use-t';
import type { TextKey } from '@/lib/i18n/i18n';
import { useSession } from '@/lib/use-session';
import type { TabName } from '@/lib/routes';
import styles from './tab-bar.module.css';

interface Tab {
  name: TabName;
  to: string;
  textKey: TextKey;
  Icon: ComponentType;
}

const TABS: Tab[] = [
  { name: 'home', to: '/home', textKey: 'tab.home', Icon: AppOutline },
  { name: 'order', to: '/order/index', textKey: 'tab.order', Icon: UnorderedListOutline },
  { name: 'user', to: '/user/index', textKey: 'tab.user', Icon: UserOutline },
];

/** Tabs shown for a tenant: Orders and Mine are hidden when account_disableUserCenter is '1'. */
export function visibleTabs(params: Record<string, string> | undefined): TabName[] {
  const userCenterOff = params?.[ACCOUNT_PARAM_KEYS.disableUserCenter] === '1';
  return TABS.map((tab) => tab.name).filter((name) => name === 'home' || !userCenterOff);
}

/** The bottom tab bar: Home, Orders, Mine (spec §2). */
export function TabBar({ active }: { active: TabName | undefined }) {
  const t = useT();
  const { user } = useSession();
  const params = useSystemParams(user?.tenantId);
  const shown = visibleTabs(params.data);
  // The bar stays mounted from tab to tab: it asks for the params again on each screen, as a screen
  // that mounts does (sharing a request already out rather than starting another).
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  const { refetch } = params;
  const tenantId = user?.tenantId;
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (tenantId) void refetch({ cancelRefetch: false });
  }, [pathname, refetch, tenantId]);
  return (
    <nav className={styles.bar} aria-label={t('app.name')}>
      {TABS.filter((tab) => shown.includes(tab.name)).map(({ name, to, textKey, Icon }) => (
        <NavLink
          key={name}
          to={to}
          replace
          className={name === active ? `${styles.tab} ${styles.active}` : styles.tab}
          aria-current={name === active ? 'page' : undefined}
          data-testid={`tab-${name}`}
        >
          <span className={styles.icon} aria-hidden="true">
            <Icon />
          </span>
          <span className={styles.text}>{t(textKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
