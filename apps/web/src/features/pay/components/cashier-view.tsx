import Button from 'antd-mobile/es/components/button';
import { formatYuan } from '@cf/shared/money';
import { SIGNATURE_NEEDED_CODE } from '@cf/shared/signature-limits';
import { payDeadline } from '@cf/shared/order-expiry';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { refreshFinance } from '@/components/finance/finance-query';
import { localName } from '@/components/finance/finance-text';
import { ApiError } from '@/lib/api-client';
import { toastFail, toastText } from '@/lib/feedback';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { PageSpinner } from '@/components/page-spinner';
import type { Cashier, PayOffer } from '../api/get-cashier';
import { abandonPayment } from '../api/abandon';
import { usePrepay } from '../api/prepay';
import { payPagePath, returnUrlOf, type PayQuery } from '../pay-query';
import { formatClock, useSecondsLeft } from '../use-seconds-left';
import { invokeWechatPay } from '../wechat-pay';
import { CashierSignature } from './cashier-signature';
import styles from './cashier-view.module.css';

interface CashierViewProps {
  cashier: Cashier;
  /** When the cashier was fetched (ms): its secondsLeft count from then. */
  fetchedAt: number;
  pay: PayQuery;
  onExpired: () => void;
}

// The QR code and its library load only when a desktop payer chose WeChat Pay Native.
const NativeQr = lazy(() => import('./native-qr'));
// Inside WeChat only, when the payer asks how to pay by Alipay.
const OpenInBrowserGuide = lazy(() =>
  import('./open-in-browser-guide').then((m) => ({ default: m.OpenInBrowserGuide })),
);

/** An offer's key; the test id keeps the channel's name for its default mode (channel-wechat) and Alipay's. */
const offerKey = (offer: Pick<PayOffer, 'channel' | 'mode'>) => `${offer.channel}:${offer.mode}`;
const offerTestId = ({ channel, mode }: PayOffer) =>
  mode === 'jsapi' || mode === 'checkout' || channel === 'alipay'
    ? `channel-${channel}`
    : `channel-${channel}-${mode}`;

/** What the offer's line says under its name: where it would work, or what happens next. */
function offerNote(offer: PayOffer, place: Cashier['place']) {
  if (!offer.here) {
    if (offer.mode === 'jsapi') return 'pay.wechatNeeded' as const;
    return offer.channel === 'alipay' && place === 'wechat'
      ? ('pay.alipayInWechat' as const)
      : ('pay.notHere' as const);
  }
  if (offer.mode === 'h5') return 'pay.mode.h5' as const;
  if (offer.mode === 'native') return 'pay.mode.native' as const;
  if (offer.channel === 'alipay') return 'pay.mode.alipay' as const;
  return null;
}

/** The cashier: amount, items, time left, the ways to pay where the payer is, and the pay button. */
export function CashierView({ cashier, fetchedAt, pay, onExpired }: CashierViewProps) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const prepay = usePrepay();
  const secondsLeft = useSecondsLeft(payDeadline(fetchedAt, cashier.secondsLeft));
  const expired = secondsLeft <= 0;
  const usable = cashier.offers.filter((o) => o.here);
  // A PAYING order's live attempt is preselected; choosing another closes it first (on the server).
  const live = usable.find((o) => o.channel === cashier.channel && o.mode === cashier.mode);
  const [chosenKey, setChosen] = useState<string | undefined>(() => {
    const first = live ?? usable[0];
    return first ? offerKey(first) : undefined;
  });
  const chosen = usable.find((o) => offerKey(o) === chosenKey);
  const [paying, setPaying] = useState(false);
  /** WeChat Pay Native's code_url, drawn as a QR code in place of the pay button. */
  const [codeUrl, setCodeUrl] = useState<string | null>(null);
  const showQr = codeUrl !== null && !expired;
  /** Inside WeChat: the guide to opening this page in the phone's browser, where Alipay works. */
  const [guide, setGuide] = useState(false);
  // An item asks for a signature before payment: signing is the first step, paying waits for it.
  const waitsForSignature = cashier.signature?.blocksPayment ?? false;

  async function payNow() {
    if (!chosen || expired || paying || waitsForSignature) return;
    setPaying(true);
    try {
      const answer = await prepay.mutateAsync({
        orderNo: cashier.orderNo,
        channel: chosen.channel,
        mode: chosen.mode,
        returnUrl: returnUrlOf(pay),
        payAuthToken: pay.payAuthToken,
      });
      if (answer.checkoutUrl) {
        // The sandbox checkout is a page of its own; it sends the payer back to the result view.
        window.location.assign(answer.checkoutUrl);
        return;
      }
      if (answer.h5Url) {
        // WeChat's H5 page sends the payer back to redirect_url, the result view, which then asks.
        const back = `${window.location.origin}${returnUrlOf(pay)}`;
        window.location.assign(`${answer.h5Url}&redirect_url=${encodeURIComponent(back)}`);
        return;
      }
      if (answer.codeUrl) return setCodeUrl(answer.codeUrl);
      if (!answer.jsapi) return toastFail(t('pay.channelFailed'));
      const outcome = await invokeWechatPay(answer.jsapi);
      if (outcome === 'unavailable') return toastFail(t('pay.wechatNeeded'));
      if (outcome === 'cancel' || outcome === 'fail') {
        // Left WeChat's sheet without paying: the server ends the attempt, the order is payable again.
        await abandonPayment({ orderNo: cashier.orderNo, payAuthToken: pay.payAuthToken }).catch(
          () => undefined,
        );
        void refreshFinance();
        if (outcome === 'cancel') return toastText(t('pay.cancelled'));
      }
      navigate(payPagePath(pay, 'result'), { replace: true });
    } catch (error) {
      // The client already showed the server's reason. A signature asked for meanwhile: the cashier
      // reads the order again and shows the signing step.
      if (error instanceof ApiError && error.code === SIGNATURE_NEEDED_CODE) void refreshFinance();
    } finally {
      setPaying(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.head} aria-labelledby="cashier-amount">
        <p className={styles.label}>{t('pay.amount')}</p>
        <p id="cashier-amount" className={styles.amount} data-testid="cashier-amount">
          {formatYuan(cashier.totalFen)}
        </p>
        {cashier.lastPayFailed && !expired ? (
          <p className={styles.lastFailed} data-testid="cashier-last-failed">
            {t('pay.lastFailed')}
          </p>
        ) : null}
        {expired ? (
          <p className={`${styles.timer} ${styles.expired}`} role="alert" data-testid="cashier-expired">
            {t('pay.expired')}
          </p>
        ) : (
          <p className={styles.timer} data-testid="cashier-countdown" aria-live="off">
            {t('pay.timeLeft', { time: formatClock(secondsLeft) })}
          </p>
        )}
      </section>

      {cashier.signature ? <CashierSignature signature={cashier.signature} /> : null}

      {guide ? (
        <Suspense fallback={null}>
          <OpenInBrowserGuide pay={pay} onClose={() => setGuide(false)} />
        </Suspense>
      ) : null}

      {/* On top: a desktop payer sees the code to scan without scrolling. */}
      {showQr ? (
        <Suspense fallback={<PageSpinner />}>
          <NativeQr
            codeUrl={codeUrl}
            totalFen={cashier.totalFen}
            pay={pay}
            onChooseAnother={() => setCodeUrl(null)}
          />
        </Suspense>
      ) : null}

      <section className={styles.card} aria-labelledby="cashier-items">
        <h2 id="cashier-items" className={styles.cardTitle}>
          {t('pay.items')}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('pay.orderNo')}</dt>
          <dd data-testid="cashier-order-no">{cashier.orderNo}</dd>
          {cashier.personName ? (
            <>
              <dt>{t('pay.person')}</dt>
              <dd data-user-data>{cashier.personName}</dd>
            </>
          ) : null}
        </dl>
        <ul className={styles.items}>
          {cashier.items.map((item, index) => (
            <li key={index} className={styles.item}>
              <span className={styles.itemName}>
                {localName(language, item.name, item.nameEn)}
                {item.quantity > 1 ? (
                  <span className={styles.quantity}>
                    {t('pay.priceTimesQuantity', {
                      price: formatYuan(item.priceFen),
                      quantity: item.quantity,
                    })}
                  </span>
                ) : null}
              </span>
              <span>{formatYuan(item.amountFen)}</span>
            </li>
          ))}
        </ul>
      </section>

      {showQr ? null : (
        <>
          <fieldset className={styles.card} disabled={expired}>
            <legend className={styles.cardTitle}>{t('pay.channel')}</legend>
            {cashier.offers.length === 0 ? <p className={styles.note}>{t('pay.noChannels')}</p> : null}
            {cashier.offers.map((offer) => {
              const note = offerNote(offer, cashier.place);
              const toBrowser = !offer.here && offer.channel === 'alipay' && cashier.place === 'wechat';
              const key = offerKey(offer);
              return (
                <label
                  key={key}
                  className={offer.here ? styles.channel : `${styles.channel} ${styles.channelOff}`}
                  data-testid={offerTestId(offer)}
                >
                  <input
                    type="radio"
                    name="channel"
                    value={key}
                    checked={chosenKey === key}
                    disabled={!offer.here}
                    onChange={() => setChosen(key)}
                  />
                  <span className={styles.channelText}>
                    <span>{language === 'en' ? offer.nameEn : offer.name}</span>
                    {note ? <span className={styles.note}>{t(note)}</span> : null}
                  </span>
                  {toBrowser ? (
                    <button
                      type="button"
                      className={styles.toBrowser}
                      data-testid="alipay-open-in-browser"
                      onClick={(event) => {
                        event.preventDefault();
                        setGuide(true);
                      }}
                    >
                      {t('pay.openInBrowser')}
                    </button>
                  ) : null}
                </label>
              );
            })}
          </fieldset>

          <div className={styles.actions}>
            {waitsForSignature ? (
              <p className={styles.payWaits} data-testid="cashier-pay-waits">
                {t('pay.signFirst')}
              </p>
            ) : null}
            <Button
              block
              color="primary"
              size="large"
              disabled={expired || !chosen || waitsForSignature}
              loading={paying}
              onClick={() => void payNow()}
              data-testid="cashier-pay"
            >
              {t('pay.payAmount', { amount: formatYuan(cashier.totalFen) })}
            </Button>
            {expired ? (
              <Button block fill="outline" onClick={onExpired}>
                {t('pay.checkAgain')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
