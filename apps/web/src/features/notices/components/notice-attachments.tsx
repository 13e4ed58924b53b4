import FileOutline from 'antd-mobile-icons/es/FileOutline';
import type { NoticeDetail } from '../api/get-notice-detail';
import { useT } from '@/lib/i18n/use-t';
import { fileSize } from '../file-size';
import styles from './notice-attachments.module.css';

/**
 * The attachments as plain links with `download`: WeChat's browser downloads a plain link, not a
 * blob, and the signed link needs no header.
 */
export function NoticeAttachments({ attachments }: { attachments: NoticeDetail['attachments'] }) {
  const t = useT();
  if (attachments.length === 0) return null;
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
              download={file.name}
              data-testid="notice-attachment"
              // The file's name (in its label too) is the school's words.
              data-user-data
              aria-label={t('notices.download', { name: file.name, size: fileSize(file.size) })}
            >
              <FileOutline className={styles.icon} aria-hidden="true" />
              <span className={styles.name}>{file.name}</span>
              <span className={styles.size}>{fileSize(file.size)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
