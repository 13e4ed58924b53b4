import Button from 'antd-mobile/es/components/button';
import { useNavigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { StatusView } from '@/components/status-view';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { useT } from '@/lib/i18n/use-t';
import { useRouteId } from '@/lib/use-route-id';
import { NOTICE_ID, useNoticeDetail } from '../api/get-notice-detail';
import { NoticeAttachments } from '../components/notice-attachments';
import { NoticeContent } from '../components/notice-content';
import styles from './notice-detail-page.module.css';

/** /home/notice/:id: title, release time, department, the content and the attachments. */
export default function NoticeDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const id = useRouteId();
  const detail = useNoticeDetail(id);
  // Not a notice's id (a cut or mistyped link): nothing to load, so say so with the way home.
  if (!NOTICE_ID.test(id))
    return (
      <StatusView role="alert" testId="not-found" title={t('notices.notFound')}>
        <Button color="primary" onClick={() => navigate('/home', { replace: true })}>
          {t('common.backHome')}
        </Button>
      </StatusView>
    );
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    // A 404 is the server's answer (withdrawn, or not for this reader): its message, no retry.
    const gone = detail.error instanceof ApiError && detail.error.code > 0 && detail.error.code < 500;
    return (
      <StatusView
        role="alert"
        testId="load-error"
        title={gone ? detail.error.message : t('notices.loadFailed')}
      >
        {gone ? null : (
          <Button color="primary" fill="outline" onClick={() => void detail.refetch()}>
            {t('notices.retry')}
          </Button>
        )}
      </StatusView>
    );
  }
  const notice = detail.data;
  return (
    <article className={styles.page} data-testid="notice-detail">
      <span className={styles.category} data-user-data>
        {notice.categoryName}
      </span>
      <h2 className={styles.title} data-user-data data-testid="notice-title">
        {notice.title}
      </h2>
      <dl className={styles.meta}>
        <div>
          <dt>{t('notices.releasedAt')}</dt>
          <dd>{formatDateTime(notice.releaseTime)}</dd>
        </div>
        <div>
          <dt>{t('notices.department')}</dt>
          <dd data-user-data>{notice.authorDept}</dd>
        </div>
      </dl>
      <NoticeContent html={notice.content} />
      <NoticeAttachments attachments={notice.attachments} />
    </article>
  );
}
