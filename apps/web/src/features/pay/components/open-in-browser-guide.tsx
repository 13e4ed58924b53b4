import { useEffect, useState } from 'react';
import { absolutePayLink, createPayLink } from '@/api/create-pay-link';
import { useT } from '@/lib/i18n/use-t';
import { useCopy } from '@/lib/use-copy';
import { payPagePath, type PayQuery } from '../pay-query';
import styles from './open-in-browser-guide.module.css';

interface OpenInBrowserGuideProps {
  pay: PayQuery;
  onClose: () => void;
}

/**
 * Inside WeChat, where Alipay does not open: how to open this page in the phone's browser (WeChat's ···
 * menu, "Open in Browser"), as campus payment platforms show it. The page's own address becomes the
 * order's pay link first, so the browser (which has no WeChat session) opens a cashier that pays without
 * signing in; the link can also be copied. A payer who came through a pay link keeps theirs.
 */
export function OpenInBrowserGuide({ pay, onClose }: OpenInBrowserGuideProps) {
  const t = useT();
  const [link, setLink] = useState<string | null>(() =>
    pay.payAuthToken ? absolutePayLink(`#${payPagePath(pay, 'cashier')}`) : null,
  );
  useEffect(() => {
    if (link) return;
    let live = true;
    createPayLink(pay.orderNo).then(
      (made) => {
        if (!live) return;
        const url = absolutePayLink(made.url);
        // WeChat's "Open in Browser" opens the address the page shows now.
        const at = new URL(url);
        window.history.replaceState(window.history.state, '', `${at.pathname}${at.search}${at.hash}`);
        setLink(url);
      },
      // Not the order's creator (no link to make): the page's own address is what can be opened.
      () => live && setLink(window.location.href),
    );
    return () => {
      live = false;
    };
  }, [link, pay.orderNo]);
  const { field, copied, copy } = useCopy<HTMLElement>(link ?? '', t('pay.guide.copyByHand'));

  return (
    <div
      className={styles.mask}
      role="dialog"
      aria-modal="true"
      aria-labelledby="browser-guide"
      data-testid="browser-guide"
    >
      <svg className={styles.arrow} viewBox="0 0 64 64" aria-hidden="true">
        <path
          d="M10 58 C 20 30, 34 18, 52 12"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeDasharray="5 4"
        />
        <path d="M40 8 L 56 10 L 48 24" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
      <h2 id="browser-guide" className={styles.title}>
        {t('pay.guide.title')}
      </h2>
      <ol className={styles.steps}>
        <li>{t('pay.guide.step1')}</li>
        <li>{t('pay.guide.step2')}</li>
      </ol>
      <p className={styles.link}>{t('pay.guide.link')}</p>
      <code ref={field} className={styles.url} data-testid="browser-guide-link">
        {link ?? '…'}
      </code>
      <div className={styles.actions}>
        <button type="button" className={styles.copy} disabled={!link} onClick={() => void copy()}>
          {copied ? t('pay.guide.copied') : t('pay.guide.copy')}
        </button>
        <button type="button" className={styles.close} onClick={onClose}>
          {t('pay.guide.close')}
        </button>
      </div>
    </div>
  );
}
