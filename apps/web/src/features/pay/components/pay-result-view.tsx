import Button from 'antd-mobile/es/components/button';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import ClockCircleFill from 'antd-mobile-icons/es/ClockCircleFill';
import CloseCircleFill from 'antd-mobile-icons/es/CloseCircleFill';
import ExclamationCircleFill from 'antd-mobile-icons/es/ExclamationCircleFill';
import { formatYuan } from '@cf/shared/money';
import { Fragment, useEffect, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { refreshFinance } from '@/components/finance/finance-query';
import { localName } from '@/components/finance/finance-text';
import { formatDateTime } from '@/lib/date-time';
import type { TextKey } from '@/lib/i18n/i18n';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { usePayStatus, type PayStatusReply } from '../api/get-pay-status';
import type { PayResult } from '../pay-result';
import { isFinalResult } from '../pay-result';
import { payPagePath, type PayQuery } from '../pay-query';
import styles from './pay-result-view.module.css';

interface ResultLook {
  Icon: ComponentType<{ className?: string }>;
  tone: 'success' | 'danger' | 'waiting' | 'neutral';
  title: TextKey;
  body: TextKey;
  /** The cashier can still take a payment. */
  payAgain: boolean;
}

const LOOK: Record<PayResult, ResultLook> = {
  paid: {
    Icon: CheckCircleFill,
    tone: 'success',
    title: 'pay.result.paid',
    body: 'pay.result.paidBody',
    payAgain: false,
  },
  failed: {
    Icon: CloseCircleFill,
    tone: 'danger',
    title: 'pay.result.failed',
    body: 'pay.result.failedBody',
    payAgain: true,
  },
  processing: {
    Icon: ClockCircleFill,
    tone: 'waiting',
    title: 'pay.result.processing',
    body: 'pay.result.processingBody',
    payAgain: true,
  },
  unpaid: {
    Icon: ExclamationCircleFill,
    tone: 'neutral',
    title: 'pay.result.unpaid',
    body: 'pay.result.unpaidBody',
    payAgain: true,
  },
  closed: {
    Icon: CloseCircleFill,
    tone: 'neutral',
    title: 'pay.result.closed',
    body: 'pay.result.closedBody',
    payAgain: false,
  },
  refunded: {
    Icon: ExclamationCircleFill,
    tone: 'neutral',
    title: 'pay.result.refunded',
    body: 'pay.result.refundedBody',
    payAgain: false,
  },
};

/** The payment result (paid / failed / processing / ...), polling the status until it is final. */
export function PayResultView({ pay }: { pay: PayQuery }) {
  const t = useT();
  const navigate = useNavigate();
  const { token } = useSession();
  const language = useLanguage();
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const status = usePayStatus(pay.orderNo, pay.payAuthToken, pollingSince);
  // The first final reply is kept: the page never goes back from a final state.
  const [finalReply, setFinalReply] = useState<PayStatusReply>();
  const latest = status.data;
  if (!finalReply && latest && isFinalResult(latest.result)) setFinalReply(latest);
  const data = finalReply ?? latest;
  const result = data?.result;
  const final = !!finalReply || (result !== undefined && isFinalResult(result));
  const stillPolling = !final && status.isFetching;

  // Once the result is final, everything that shows money is fetched afresh.
  useEffect(() => {
    if (final) void refreshFinance();
  }, [final]);

  if (!data) {
    return (
      <div className={styles.view} role="status" data-testid="pay-result" data-result="loading">
        <ClockCircleFill className={`${styles.icon} ${styles.waiting}`} aria-hidden="true" />
        <h2 className={styles.title}>{t(status.isError ? 'pay.result.unknown' : 'pay.result.checking')}</h2>
        {status.isError ? (
          <Button color="primary" fill="outline" onClick={() => setPollingSince(Date.now())}>
            {t('common.retry')}
          </Button>
        ) : null}
      </div>
    );
  }

  const look = LOOK[data.result];
  // Someone paying through a pay link finds the order among other people's orders.
  const orderLink = pay.payAuthToken
    ? '/order/other'
    : pay.orderId
      ? `/order/detail/${pay.orderId}`
      : '/order/index';
  const method = data.payMethod ? (language === 'en' ? data.payMethod.nameEn : data.payMethod.name) : '';

  return (
    <section
      className={styles.view}
      role="status"
      aria-live="polite"
      data-testid="pay-result"
      data-result={data.result}
    >
      <look.Icon className={`${styles.icon} ${styles[look.tone]}`} aria-hidden="true" />
      <h2 className={styles.title}>{t(look.title)}</h2>
      <p className={styles.amount} data-testid="pay-result-amount">
        {formatYuan(data.totalFen)}
      </p>
      <p className={styles.body}>{t(look.body)}</p>
      <dl className={styles.facts}>
        {data.items.map((item, i) => (
          <Fragment key={i}>
            <dt>{localName(language, item.name, item.nameEn)}</dt>
            <dd>
              {item.quantity > 1
                ? `${t('pay.priceTimesQuantity', { price: formatYuan(item.priceFen), quantity: String(item.quantity) })} = `
                : ''}
              {formatYuan(item.amountFen)}
            </dd>
          </Fragment>
        ))}
        <dt>{t('pay.orderNo')}</dt>
        <dd>{data.orderNo}</dd>
        <dt>{t(data.paidAt ? 'pay.paidAt' : 'pay.createdAt')}</dt>
        <dd>{formatDateTime(data.paidAt ?? data.createdAt)}</dd>
        {data.personName ? (
          <>
            <dt>{t('pay.person')}</dt>
            <dd data-user-data>{data.personName}</dd>
          </>
        ) : null}
        {data.payerName ? (
          <>
            <dt>{t('pay.payer')}</dt>
            <dd data-user-data>{data.payerName}</dd>
          </>
        ) : null}
        {method ? (
          <>
            <dt>{t('pay.channel')}</dt>
            <dd>{method}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.actions}>
        {!final && !stillPolling ? (
          <Button
            block
            color="primary"
            onClick={() => setPollingSince(Date.now())}
            data-testid="pay-check-again"
          >
            {t('pay.checkAgain')}
          </Button>
        ) : null}
        {look.payAgain ? (
          <Button
            block
            color="primary"
            fill={final ? 'solid' : 'outline'}
            onClick={() => navigate(payPagePath(pay, 'cashier'), { replace: true })}
            data-testid="pay-again"
          >
            {t(result === 'unpaid' ? 'pay.goPay' : 'pay.payAgain')}
          </Button>
        ) : null}
        {token ? (
          <Button block fill="outline" onClick={() => navigate(orderLink)} data-testid="pay-view-order">
            {t('pay.viewOrder')}
          </Button>
        ) : null}
        {token ? (
          <Button block fill="none" onClick={() => navigate('/home', { replace: true })}>
            {t('pay.backHome')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
