import { Link } from 'react-router';
import { formatDate } from '@/lib/date-time';
import { useT } from '@/lib/i18n/use-t';
import type { NoticeRecord } from '../api/get-notices';
import styles from './notice-card.module.css';

/** One notice of the list: category, title (with an unread mark), date, department; opens the detail. */
export function NoticeCard({ notice }: { notice: NoticeRecord }) {
  const t = useT();
  return (
    <Link
      className={styles.card}
      to={`/home/notice/${notice.id}`}
      data-testid="notice-card"
      data-notice-id={notice.id}
      data-unread={notice.unread}
    >
      <div className={styles.head}>
        <span className={styles.category} data-user-data>
          {notice.categoryName}
        </span>
        {notice.unread ? (
          <span className={styles.unread} data-testid="notice-unread">
            {t('notices.unread')}
          </span>
        ) : null}
      </div>
      <h3 className={styles.title} data-user-data>
        {notice.title}
      </h3>
      <p className={styles.meta}>
        <span>{formatDate(notice.releaseTime)}</span>
        <span data-user-data>{notice.authorDept}</span>
        {notice.attachmentCount > 0 ? (
          <span>{t('notices.attachmentCount', { count: notice.attachmentCount })}</span>
        ) : null}
      </p>
    </Link>
  );
}
