/**
 * The notice as a phone shows it: in a 375 px frame, the content first cut by the server exactly as
 * storing would (the preview route), then by DOMPurify with the phone's allow-list (notice-html.ts),
 * laid out with the phone's styles. The notice's own images are shown from the console's copies.
 */
import type { AdminNotice } from '@cf/shared/wire/notice';
import { noticeHtmlIsEmpty } from '@cf/shared/notice-html';
import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { downloadAttachment } from '../api/download-attachment';
import { useNoticePreview } from '../api/preview-notice';
import { purifyNoticeHtml, withAttachmentImages } from '../notice-html';
import noticeContent from '@cf/shared/notice-content.module.css';
import styles from './phone-preview.module.css';

export interface PreviewNotice {
  title: string;
  categoryName: string;
  authorDept: string;
  content: string;
  releaseTime: string | null;
}

const IMAGE_FILE = /\.(png|jpe?g|gif)$/i;

/** The value, once it has stopped changing for `ms` (the editor changes on every key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/** The notice's image attachments as data: URLs, by attachment id. */
function useAttachmentImages(noticeId: number | undefined, files: AdminNotice['attachments']) {
  const [images, setImages] = useState<ReadonlyMap<number, string>>(new Map());
  const wanted = files.filter((f) => IMAGE_FILE.test(f.name)).map((f) => f.id);
  const key = wanted.join(',');
  useEffect(() => {
    if (noticeId === undefined || key === '') return;
    let live = true;
    void Promise.all(
      key.split(',').map(async (id) => {
        const blob = await downloadAttachment(noticeId, Number(id)).catch(() => undefined);
        return [Number(id), blob ? await dataUrl(blob) : ''] as const;
      }),
    ).then((pairs) => {
      if (live) setImages(new Map(pairs.filter(([, url]) => url)));
    });
    return () => {
      live = false;
    };
  }, [noticeId, key]);
  return images;
}

export function PhonePreview({
  notice,
  noticeId,
  attachments,
}: {
  notice: PreviewNotice;
  noticeId?: number;
  attachments: AdminNotice['attachments'];
}) {
  const { t } = useT();
  const content = useSettled(notice.content, 400);
  const preview = useNoticePreview(content);
  const images = useAttachmentImages(noticeId, attachments);
  const html = useMemo(
    () => withAttachmentImages(purifyNoticeHtml(preview.data?.content ?? ''), images),
    [preview.data?.content, images],
  );
  const released = notice.releaseTime
    ? new Date(notice.releaseTime).toLocaleString()
    : t('notices.preview.notReleased');
  return (
    <div className={styles.frame} data-testid="notice-phone-preview">
      <div className={styles.screen}>
        <div className={styles.bar}>{t('notices.preview.bar')}</div>
        <article className={styles.page}>
          {notice.categoryName ? (
            <span className={styles.category} data-user-data>
              {notice.categoryName}
            </span>
          ) : null}
          <h2 className={styles.title} data-user-data>
            {notice.title || t('notices.preview.untitled')}
          </h2>
          <p className={styles.meta} data-user-data>
            {released} · {notice.authorDept}
          </p>
          <Spin spinning={preview.isPending && content !== ''}>
            <div
              className={noticeContent.content}
              data-testid="notice-preview-content"
              data-user-data
              // Cut by the server's sanitizer, then by DOMPurify (notice-html.ts), as on the phone.
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </Spin>
          {preview.data && noticeHtmlIsEmpty(preview.data.content) ? (
            // What is left after the sanitizer shows nothing: say so before anyone presses publish.
            <Alert
              type="warning"
              showIcon
              title={t('notices.preview.emptyBody')}
              data-testid="notice-preview-empty"
            />
          ) : null}
          {attachments.length > 0 ? (
            <ul className={styles.files} data-user-data>
              {attachments.map((file) => (
                <li key={file.id}>{file.name}</li>
              ))}
            </ul>
          ) : null}
        </article>
      </div>
    </div>
  );
}
