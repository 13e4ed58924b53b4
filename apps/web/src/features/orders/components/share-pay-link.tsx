import { useEffect, useState } from 'react';
import { formatDateTime } from '@/lib/date-time';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { loadDialog } from '@/lib/imperative';
import { absolutePayLink, type PayLink } from '@/api/create-pay-link';
import { qrCodeSource } from '@/lib/qr-code';
import styles from './share-pay-link.module.css';
import { useCopy } from '@/lib/use-copy';

/** The QR code, the link with a copy button, and until when it can be paid. */
export function PayLinkCard({ url, expireAt }: { url: string; expireAt: string }) {
  const tr = useT();
  const [qr, setQr] = useState<string>();
  const { field, copied, copy } = useCopy<HTMLParagraphElement>(url, tr('order.copyByHand'));

  useEffect(() => {
    let live = true;
    qrCodeSource(url).then(
      (src) => live && setQr(src),
      // Without a QR code the link and its copy button still work.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <div className={styles.body} data-testid="pay-link-dialog">
      <div className={styles.qrBox}>
        {qr ? (
          <img className={styles.qr} src={qr} alt={tr('order.qrAlt')} data-testid="pay-link-qr" />
        ) : (
          <span className={styles.qrWait} aria-hidden="true" />
        )}
      </div>
      <p className={styles.hint}>{tr('order.shareHint', { time: formatDateTime(expireAt) })}</p>
      <p className={styles.url} ref={field} data-testid="pay-link-url">
        {url}
      </p>
      <div className={styles.copyRow}>
        <button type="button" className={styles.copy} onClick={() => void copy()} data-testid="pay-link-copy">
          {tr('order.copyLink')}
        </button>
        <span className={styles.copied} role="status" aria-live="polite" data-testid="pay-link-copied">
          {copied ? tr('order.linkCopied') : ''}
        </span>
      </div>
    </div>
  );
}

/**
 * Shows a pay link for someone else (a parent) to open and pay: a QR code to scan, the address with
 * a copy button, and until when it works. Runs outside the React tree (antd-mobile's imperative dialog).
 */
export async function showPayLink(link: PayLink): Promise<void> {
  const url = absolutePayLink(link.url);
  const Dialog = await loadDialog();
  const canShare = typeof navigator.share === 'function';
  Dialog.show({
    title: t('order.shareTitle'),
    content: <PayLinkCard url={url} expireAt={link.expireAt} />,
    // Wider than a plain dialog (280 px): on a 414 px phone the code, the hint and the address then
    // fit without scrolling the dialog.
    style: { '--min-width': 'min(90vw, 360px)', '--max-width': '90vw' },
    closeOnMaskClick: true,
    closeOnAction: true,
    actions: [
      ...(canShare
        ? [
            {
              key: 'share',
              text: t('order.shareLink'),
              onClick: () =>
                void navigator.share({ title: t('order.shareTitle'), url }).catch(() => undefined),
            },
          ]
        : []),
      { key: 'close', text: t('common.cancel') },
    ],
  });
}
