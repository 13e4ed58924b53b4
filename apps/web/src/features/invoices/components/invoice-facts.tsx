/** One invoice's facts: state, amount (figures and capitals), title, bill code/number, check code, the PDF links. */
import { fenInChineseCapitals } from '@cf/shared/chinese-amount';
import { formatYuan } from '@cf/shared/money';
import type { Invoice } from '@cf/shared/wire/invoice';
import type { ReactNode } from 'react';
import { InvoiceStateTag } from '@/components/invoice/invoice-state-tag';
import { useInvoiceTerm } from '@/components/invoice/invoice-term';
import { formatDateTime } from '@/lib/date-time';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import styles from './invoice-facts.module.css';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={styles.fact} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  const t = useT();
  const term = useInvoiceTerm();
  const language = useLanguage();
  return (
    <section className={styles.card} data-testid="invoice-facts" data-state={invoice.status}>
      <div className={styles.head}>
        <InvoiceStateTag state={invoice.status} />
        <span className={styles.amount}>{formatYuan(invoice.amountFen)}</span>
      </div>
      {invoice.status === 'requested' ? (
        <p className={styles.hint}>{t('invoice.requestedHint', term)}</p>
      ) : null}
      {invoice.status === 'failed' ? <p className={styles.hint}>{t('invoice.failedHint')}</p> : null}
      <dl className={styles.facts}>
        {language === 'zh' ? (
          <Fact label={t('invoice.amountCapitals')}>{fenInChineseCapitals(invoice.amountFen)}</Fact>
        ) : null}
        <Fact label={t('invoice.payer')}>
          <span data-user-data>{invoice.payerName}</span>
        </Fact>
        <Fact label={t('invoice.field.taxId')}>
          {invoice.taxId ? <span data-user-data>{invoice.taxId}</span> : null}
        </Fact>
        <Fact label={t('invoice.failReason')} testId="invoice-fail-reason">
          {invoice.failReason ? <span data-user-data>{invoice.failReason}</span> : null}
        </Fact>
        <Fact label={t('invoice.billCode')}>{invoice.billCode}</Fact>
        <Fact label={t('invoice.billNo')} testId="invoice-bill-no">
          {invoice.billNo}
        </Fact>
        <Fact label={t('invoice.checkCode')}>{invoice.checkCode}</Fact>
        <Fact label={t('invoice.issuedAt')}>{formatDateTime(invoice.issuedAt)}</Fact>
      </dl>
      {invoice.reversalBillNo ? (
        <p className={styles.hint}>{t('invoice.reversedNote', { billNo: invoice.reversalBillNo })}</p>
      ) : null}
      {invoice.fileUrl ? (
        <div className={styles.links}>
          <a className={`${styles.link} ${styles.primary}`} href={invoice.fileUrl} data-testid="invoice-pdf">
            {t('invoice.view', term)}
          </a>
          <a
            className={styles.link}
            href={`${invoice.fileUrl}&download=1`}
            download
            data-testid="invoice-download"
          >
            {t('invoice.download', term)}
          </a>
        </div>
      ) : null}
    </section>
  );
}
