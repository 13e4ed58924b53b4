/**
 * The signature pad (a lazy chunk with signature_pad): a full-screen sheet with what is being signed
 * (the items' declaration, or the app's general one) above a canvas scaled for the device pixel ratio
 * (touch-action none, so drawing never scrolls the page), Clear and Confirm. Used by the cashier's
 * signing step and the order detail's signature card; its texts are the signrate section's.
 * Small phones held upright get a hint to turn sideways; turning redraws the strokes at the new size.
 */
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { toastFail, toastSuccess } from '@/lib/feedback';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { useSubmitSignature } from './submit-signature';
import { trimmedPng } from './trim-signature';
import styles from './signature-pad.module.css';

/** Space kept around the ink, in CSS pixels. */
const MARGIN_CSS_PX = 8;

interface SignaturePadProps {
  orderId: number;
  /** The items' declaration (the school's words); empty: the app's general one. */
  declaration: { zh: string; en: string };
  onClose: () => void;
  onSigned?: () => void;
}

export default function SignaturePadSheet({ orderId, declaration, onClose, onSigned }: SignaturePadProps) {
  const t = useT();
  const language = useLanguage();
  const declared = (language === 'en' ? declaration.en || declaration.zh : declaration.zh) || '';
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const submit = useSubmitSignature();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1a1a1a', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = Math.round(canvas.offsetWidth * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length > 0) pad.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.off();
      padRef.current = null;
    };
  }, []);

  async function confirm() {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const png = pad && canvas && !pad.isEmpty() ? trimmedPng(canvas, MARGIN_CSS_PX * ratio) : null;
    if (!pad || !png) {
      toastFail(t('signature.empty'));
      return;
    }
    const saved = await submit.mutateAsync({ orderId, png, strokes: pad.toData() }).catch(() => undefined);
    if (!saved) return;
    toastSuccess(t('signature.saved'));
    onSigned?.();
    onClose();
  }

  return (
    <Popup visible onClose={onClose} destroyOnClose position="bottom" bodyClassName={styles.sheet}>
      <div role="dialog" aria-modal="true" aria-labelledby="signature-pad-title" className={styles.body}>
        <header className={styles.header}>
          <h2 id="signature-pad-title" className={styles.title}>
            {t('signature.padTitle')}
          </h2>
          <Button fill="none" onClick={onClose} className={styles.close} data-testid="signature-close">
            {t('signature.close')}
          </Button>
        </header>
        <section className={styles.declaration} aria-labelledby="signature-declaration-title">
          <h3 id="signature-declaration-title" className={styles.declarationTitle}>
            {t('signature.declarationTitle')}
          </h3>
          <p
            className={styles.declarationText}
            data-testid="signature-declaration"
            data-user-data={!!declared || undefined}
          >
            {declared || t('signature.declarationDefault')}
          </p>
        </section>
        <p className={styles.landscapeHint} data-testid="signature-landscape-hint">
          {t('signature.landscapeHint')}
        </p>
        <div className={styles.canvasBox}>
          <canvas
            ref={canvasRef}
            className={styles.canvas}
            aria-label={t('signature.padLabel')}
            data-testid="signature-canvas"
          />
        </div>
        <p className={styles.note}>{t('signature.confirmNote')}</p>
        <div className={styles.actions}>
          <Button block fill="outline" onClick={() => padRef.current?.clear()} data-testid="signature-clear">
            {t('signature.clear')}
          </Button>
          <Button
            block
            color="primary"
            loading={submit.isPending}
            onClick={() => void confirm()}
            data-testid="signature-confirm"
          >
            {t('signature.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
