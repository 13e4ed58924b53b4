import { formatDateTime } from '@/lib/date-time';
import { toastFail, toastSuccess } from '@/lib/feedback';
import { t } from '@/lib/i18n/i18n';
import { loadDialog } from '@/lib/imperative';
import { absolutePayLink, type PayLink } from '../api/create-pay-link';
import styles from './share-pay-link.module.css';

async function copy(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toastSuccess(t('order.linkCopied'));
  } catch {
    // No clipboard (old in-app browsers, plain http): the link stays on screen to copy by hand.
    toastFail(t('order.copyByHand'));
  }
}

/**
 * Shows a pay link for someone else (a parent) to open and pay: the address, until when it works,
 * and copy / share actions. Runs outside the React tree (antd-mobile's imperative dialog).
 */
export async function showPayLink(link: PayLink): Promise<void> {
  const url = absolutePayLink(link.url);
  const Dialog = await loadDialog();
  const canShare = typeof navigator.share === 'function';
  Dialog.show({
    title: t('order.shareTitle'),
    content: (
      <div className={styles.body} data-testid="pay-link-dialog">
        <p className={styles.hint}>{t('order.shareHint', { time: formatDateTime(link.expireAt) })}</p>
        <p className={styles.url} data-testid="pay-link-url">
          {url}
        </p>
      </div>
    ),
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
      { key: 'copy', text: t('order.copyLink'), bold: true, onClick: () => void copy(url) },
      { key: 'close', text: t('common.cancel') },
    ],
  });
}
