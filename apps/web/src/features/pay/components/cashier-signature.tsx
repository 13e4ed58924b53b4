/**
 * The cashier's signing step: an item of the order asks for the payer's signature before payment, so
 * signing comes first, with what is being signed (the items' declaration) in view, and the pay button
 * says why it waits. The order's creator signs here on the pad; a payer through a pay link is told the
 * creator signs first. Once signed, the step shows as done and paying is open.
 */
import Button from 'antd-mobile/es/components/button';
import type { SignatureState } from '@cf/shared/wire/signature';
import { useState } from 'react';
import { LazySignaturePad } from '@/components/signature/lazy-signature-pad';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import styles from './cashier-view.module.css';

export function CashierSignature({ signature }: { signature: SignatureState }) {
  const t = useT();
  const language = useLanguage();
  const [padOpen, setPadOpen] = useState(false);
  const declared =
    (language === 'en' ? signature.declarationEn || signature.declaration : signature.declaration) ||
    t('pay.signDeclarationDefault');
  // A signature asked for after payment: said here, signed from the order once paid.
  if (signature.timing !== 'before_pay')
    return (
      <p className={styles.stepNote} data-testid="cashier-sign-after">
        {t('pay.signAfter')}
      </p>
    );
  return (
    <section
      className={styles.card}
      aria-labelledby="cashier-sign-title"
      data-testid="cashier-sign"
      data-signed={signature.signed}
    >
      <h2 id="cashier-sign-title" className={styles.cardTitle}>
        {t('pay.stepSign')}
        {signature.signed ? <span className={styles.stepDone}>{t('pay.signDone')}</span> : null}
      </h2>
      <p className={styles.declaration} data-testid="cashier-declaration">
        {declared}
      </p>
      {signature.signed ? null : signature.canSign ? (
        <Button block color="primary" onClick={() => setPadOpen(true)} data-testid="cashier-sign-open">
          {t('pay.signNow')}
        </Button>
      ) : (
        <p className={styles.note} data-testid="cashier-sign-creator">
          {t('pay.signByCreator')}
        </p>
      )}
      {padOpen ? (
        <LazySignaturePad
          orderId={signature.orderId}
          declaration={{ zh: signature.declaration, en: signature.declarationEn }}
          onClose={() => setPadOpen(false)}
        />
      ) : null}
    </section>
  );
}
