import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/date-time';
import { loadNoticesTexts } from '@/lib/i18n/notices-texts';
import { useT } from '@/lib/i18n/use-t';
import { useLatestNotices } from '../api/get-latest-notices';
import { useNoticeUnreadCount } from '../api/get-notice-unread-count';
import styles from './latest-notices.module.css';

/**
 * Home's notice block: the newest three notices and the way to all of them, with the unread count as a
 * badge. Its texts come with the notices section (not the first screen's dictionary), so it shows once
 * they have loaded.
 */
export function LatestNotices() {
  const t = useT();
  const [textsReady, setTextsReady] = useState(false);
  const latest = useLatestNotices();
  const unread = useNoticeUnreadCount();
  useEffect(() => {
    let live = true;
    void loadNoticesTexts().then(() => live && setTextsReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!textsReady || !latest.data) return null;
  const count = unread.data ?? 0;
  return (
    <section className={styles.box} aria-labelledby="latest-notices-title" data-testid="latest-notices">
      <div className={styles.head}>
        <h2 id="latest-notices-title" className={styles.title}>
          {t('notices.latest')}
        </h2>
        <Link className={styles.all} to="/home/noticelist" data-testid="notices-all">
          {t('notices.all')}
          {count > 0 ? (
            <span
              className={styles.badge}
              data-testid="notices-unread-badge"
              aria-label={t('notices.unreadBadge', { count })}
            >
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </Link>
      </div>
      {latest.data.length === 0 ? (
        <p className={styles.empty}>{t('notices.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {latest.data.map((notice) => (
            <li key={notice.id}>
              <Link className={styles.item} to={`/home/notice/${notice.id}`} data-testid="latest-notice">
                {/* The dot keeps its place when read, so the titles line up. */}
                <span
                  className={notice.unread ? styles.dot : styles.noDot}
                  {...(notice.unread
                    ? { role: 'img', 'aria-label': t('notices.unread') }
                    : { 'aria-hidden': true })}
                />
                <span className={styles.itemTitle} data-user-data>
                  {notice.title}
                </span>
                <span className={styles.date}>{formatDate(notice.releaseTime)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
