import { useMemo } from 'react';
import { purifyNoticeHtml } from '../notice-html';
import styles from '@cf/shared/notice-content.module.css';

/** The notice's HTML, through the browser's wall (notice-html.ts) after the server's. */
export function NoticeContent({ html }: { html: string }) {
  const clean = useMemo(() => purifyNoticeHtml(html), [html]);
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
