import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import MoreOutline from 'antd-mobile-icons/es/MoreOutline';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { backTargetOf, type RouteMeta } from '../routes';
import { MoreMenu } from './more-menu';
import styles from './top-bar.module.css';

/** The other order list: the exchange icon switches between my orders and other people's orders. */
const ORDER_EXCHANGE: Record<string, string> = {
  '/order/index': '/order/other',
  '/order/other': '/order/index',
};

/** Top bar (spec §2): back, the route's title, and on the right the more menu. */
export function TopBar({ meta, title }: { meta: RouteMeta | undefined; title: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { token } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const exchangeTo = ORDER_EXCHANGE[pathname];
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
        {exchangeTo ? (
          <button
            type="button"
            className={styles.icon}
            onClick={() => navigate(exchangeTo, { replace: true })}
            aria-label={t('menu.exchangeOrders')}
            data-testid="exchange-orders"
          >
            <LoopOutline />
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
