import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CollectMoneyOutline from 'antd-mobile-icons/es/CollectMoneyOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import ReceivePaymentOutline from 'antd-mobile-icons/es/ReceivePaymentOutline';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import UserAddOutline from 'antd-mobile-icons/es/UserAddOutline';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useMobileModules } from '@/api/get-mobile-modules';
import { useBindInfo } from '@/api/get-bind-info';
import { PageSpinner } from '@/components/page-spinner';
import { useT } from '@/lib/i18n/use-t';
import { hasValidUserId } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { LatestNotices } from '../components/latest-notices';
import { OwedNowCard } from '../components/owed-now-card';
import { visibleEntries, type Portal } from '../home-entries';
import styles from './home-page.module.css';

const ICONS: Record<string, ComponentType> = {
  studentPayment: PayCircleOutline,
  combinedPayment: CollectMoneyOutline,
  topUp: ReceivePaymentOutline,
  enroll: UserAddOutline,
  history: HistogramOutline,
  orders: BillOutline,
  notices: SoundOutline,
  salary: FileOutline,
};

/** /home: the entries of the tenant's enabled mobile modules, in a payment and a query portal. */
export default function HomePage() {
  const t = useT();
  const { user } = useSession();
  const modules = useMobileModules(user?.tenantId);
  // Who the user is comes from the binding (bind-info): a student, a member of staff or another person;
  // a guest account (a valid user id, no school identity bound) sees what it can use and a way to bind.
  const info = useBindInfo(hasValidUserId(user) ? user?.userId : undefined);
  const bound = info.data?.bound !== false;
  const userType = (bound && info.data?.userType) || '';
  // BladeX's user_name is the account; the nick name is the person's name (the school's name of a bound
  // person, auth/subject.ts displayName), else what a WeChat visitor calls themselves.
  const name = user?.nickName || user?.userName || user?.account || '';
  const [greetBefore, greetAfter] = t('home.greeting', { name: '\u0000' }).split('\u0000');
  // A student at a tenant with student fees sees first what they can pay now.
  const owesFees = userType === 'student' && (modules.data ?? []).includes('fee');
  // Notices need a signed-in account (a WeChat visitor not bound yet has none) and the notice module.
  const showsNotices = hasValidUserId(user) && (modules.data ?? []).includes('notice');

  const portal = (kind: Portal, titleKey: 'home.paymentPortal' | 'home.queryPortal') => {
    const entries = visibleEntries(modules.data ?? [], kind, userType, bound);
    if (entries.length === 0) return null;
    return (
      <section className={styles.portal} aria-labelledby={`portal-${kind}`}>
        <h2 id={`portal-${kind}`} className={styles.portalTitle}>
          {t(titleKey)}
        </h2>
        <ul className={styles.grid}>
          {entries.map((entry) => {
            const Icon = ICONS[entry.key] ?? FileOutline;
            return (
              <li key={entry.key}>
                <Link className={styles.entry} to={entry.to} data-testid={`home-entry-${entry.key}`}>
                  <span className={styles.entryIcon} aria-hidden="true">
                    <Icon />
                  </span>
                  <span className={styles.entryText}>{t(entry.textKey)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    );
  };

  return (
    <div className={styles.page}>
      <div className={styles.banner}>
        <p className={styles.greeting} data-testid="home-greeting">
          {name ? (
            <>
              {greetBefore}
              <span data-user-data>{name}</span>
              {greetAfter}
            </>
          ) : (
            t('app.name')
          )}
        </p>
      </div>
      {!bound ? (
        <section className={styles.bindCard} aria-labelledby="bind-entry-title" data-testid="home-bind-entry">
          <h2 id="bind-entry-title" className={styles.bindTitle}>
            {t('home.bindTitle')}
          </h2>
          <p className={styles.bindText}>{t('home.bindText')}</p>
          <Link className={styles.bindButton} to="/register">
            {t('home.bindAction')}
          </Link>
        </section>
      ) : null}
      {modules.isLoading || info.isLoading ? (
        <PageSpinner />
      ) : (modules.data ?? []).length === 0 ? (
        <p className={styles.empty}>{t('home.noModules')}</p>
      ) : (
        <>
          {owesFees ? <OwedNowCard /> : null}
          {portal('payment', 'home.paymentPortal')}
          {portal('query', 'home.queryPortal')}
          {showsNotices ? <LatestNotices /> : null}
        </>
      )}
    </div>
  );
}
