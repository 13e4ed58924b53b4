/**
 * WeChat Pay Native on a desktop: the code_url as a QR code with the amount and "scan with WeChat",
 * while the pay status is polled; once the trade is no longer in progress (paid, failed, closed) the
 * page moves to the result. A chunk of its own, loaded only when chosen (with the QR library).
 */
import Button from 'antd-mobile/es/components/button';
import { formatYuan } from '@cf/shared/money';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '@/lib/i18n/use-t';
import { qrCodeSource } from '@/lib/qr-code';
import { usePayStatus } from '../api/get-pay-status';
import { payPagePath, type PayQuery } from '../pay-query';
import styles from './native-qr.module.css';

interface NativeQrProps {
  codeUrl: string;
  totalFen: number;
  pay: PayQuery;
  onChooseAnother: () => void;
}

export default function NativeQr({ codeUrl, totalFen, pay, onChooseAnother }: NativeQrProps) {
  const t = useT();
  const navigate = useNavigate();
  const [qr, setQr] = useState<string | null>(null);
  const [pollingSince] = useState(() => Date.now());
  const status = usePayStatus(pay.orderNo, pay.payAuthToken, pollingSince);
  const result = status.data?.result;

  useEffect(() => {
    let live = true;
    void qrCodeSource(codeUrl).then((source) => live && setQr(source));
    return () => {
      live = false;
    };
  }, [codeUrl]);

  useEffect(() => {
    // Still waiting for the scan: 'processing'. Anything else is the result page's to show.
    if (result && result !== 'processing') navigate(payPagePath(pay, 'result'), { replace: true });
  }, [result, navigate, pay]);

  return (
    <section
      className={styles.card}
      aria-labelledby="native-qr-title"
      data-testid="native-qr"
      // The code the picture draws, for the demo's scan page (e2e stories "scan" it from here).
      data-code-url={codeUrl}
    >
      <h2 id="native-qr-title" className={styles.title}>
        {t('pay.scanTitle')}
      </h2>
      <p className={styles.amount} data-testid="native-qr-amount">
        {formatYuan(totalFen)}
      </p>
      <div className={styles.qrBox}>
        {qr ? (
          <img className={styles.qr} src={qr} alt={t('pay.scanQrAlt')} data-testid="native-qr-code" />
        ) : null}
      </div>
      <p className={styles.hint}>{t('pay.scanHint')}</p>
      <Button block fill="outline" onClick={onChooseAnother} data-testid="native-qr-other">
        {t('pay.scanOther')}
      </Button>
    </section>
  );
}
