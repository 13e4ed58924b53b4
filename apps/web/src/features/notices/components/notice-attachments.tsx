import FileOutline from 'antd-mobile-icons/es/FileOutline';
import type { NoticeDetail } from '../api/get-notice-detail';
import { useT } from '@/lib/i18n/use-t';
import { wechatSource } from '@/lib/wechat';
import { fileSize } from '../file-size';
import styles from './notice-attachments.module.css';

/**
 * The attachments as plain links (the signed link needs no header; WeChat's browser follows a plain
 * link, not a blob). PDFs and pictures are served inline and open in place, as the invoice PDF does:
 * no `download`, which WeChat's browser cannot do. Other types stay downloads; inside WeChat a short
 * guide says to open the page in the system browser for them.
 */
export function NoticeAttachments({ attachments }: { attachments: NoticeDetail['attachments'] }) {
  const t = useT();
  if (attachments.length === 0) return null;
  const needsBrowser = wechatSource() !== null && attachments.some((file) => !file.inline);
  return (
    <section className={styles.box} aria-labelledby="notice-attachments">
      <h2 id="notice-attachments" className={styles.title}>
        {t('notices.attachments')}
      </h2>
      <ul className={styles.list}>
        {attachments.map((file) => (
          <li key={file.id}>
            <a
              className={styles.file}
              href={file.link}
              download={file.inline ? undefined : file.name}
              data-testid="notice-attachment"
              data-inline={file.inline}
              // The file's name (in its label too) is the school's words.
              data-user-data
              aria-label={t(file.inline ? 'notices.open' : 'notices.download', {
                name: file.name,
                size: fileSize(file.size),
              })}
            >
              <FileOutline className={styles.icon} aria-hidden="true" />
              <span className={styles.name}>{file.name}</span>
              <span className={styles.size}>{fileSize(file.size)}</span>
            </a>
          </li>
        ))}
      </ul>
      {needsBrowser ? (
        <p className={styles.guide} data-testid="notice-wechat-guide">
          {t('notices.openInBrowser')}
        </p>
      ) : null}
    </section>
  );
}
