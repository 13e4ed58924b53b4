import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import MoreOutline from 'antd-mobile-icons/es/MoreOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { backTargetOf, type RouteMeta } from '@/lib/routes';
import { MoreMenu } from './more-menu';
import styles from './top-bar.module.css';

/**
 * The other order list: the exchange button switches between my orders and other people's orders,
 * showing where it leads (an icon of that list and its name), not a refresh-like loop.
 */
const ORDER_EXCHANGE: Record<
  string,
  { to: string; Icon: typeof TeamOutline; label: TextKey; name: TextKey }
> = {
  '/order/index': {
    to: '/order/other',
    Icon: TeamOutline,
    label: 'menu.otherOrders',
    name: 'menu.showOtherOrders',
  },
  '/order/other': {
    to: '/order/index',
    Icon: UserOutline,
    label: 'menu.myOrders',
    name: 'menu.showMyOrders',
  },
};

/** Top bar (spec §2): back, the route's title, and on the right the more menu. */
export function TopBar({ meta, title }: { meta: RouteMeta | undefined; title: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { token } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const exchange = ORDER_EXCHANGE[pathname];
  const showBack = !meta?.tabRoot && !meta?.hideBack;

  function back() {
    const fixed = backTargetOf(meta, search, !!token);
    if (fixed) return void navigate(fixed, { replace: true });
    // react-router keeps the history index; with nothing behind us, go home instead of leaving.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/home', { replace: true });
  }

  return (
    <header className={styles.bar}>
      <div className={styles.side}>
        {showBack ? (
          <button type="button" className={styles.icon} onClick={back} aria-label={t('common.back')}>
            <LeftOutline />
          </button>
        ) : null}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <div className={`${styles.side} ${styles.right}`}>
        {exchange ? (
          <button
            type="button"
            className={styles.exchange}
            onClick={() => navigate(exchange.to, { replace: true })}
            aria-label={t(exchange.name)}
            data-testid="exchange-orders"
          >
            <exchange.Icon aria-hidden="true" />
            <span className={styles.exchangeLabel}>{t(exchange.label)}</span>
          </button>
        ) : null}
        <button
          type="button"
          className={styles.icon}
          onClick={() => setMenuOpen(true)}
          aria-label={t('menu.open')}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          data-testid="more-menu"
        >
          <MoreOutline />
        </button>
      </div>
      <MoreMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
