import { noticeHtmlIsEmpty } from '@cf/shared/notice-html';
import { useMemo } from 'react';
import { useT } from '@/lib/i18n/use-t';
import { purifyNoticeHtml } from '../notice-html';
import styles from '@cf/shared/notice-content.module.css';

/** The notice's HTML, through the browser's wall (notice-html.ts) after the server's. */
export function NoticeContent({ html }: { html: string }) {
  const t = useT();
  const clean = useMemo(() => purifyNoticeHtml(html), [html]);
  // Published before the rule refused empty bodies: a line that says so, not a blank page.
  if (noticeHtmlIsEmpty(clean))
    return (
      <p className={styles.content} data-testid="notice-content" data-empty="true">
        {t('notices.noBody')}
      </p>
    );
  return (
    <div
      className={styles.content}
      data-testid="notice-content"
      data-user-data
      // The only HTML set from data in the app: sanitized on the server and again just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
