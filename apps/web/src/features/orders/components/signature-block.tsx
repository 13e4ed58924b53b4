/**
 * The order detail's signature card (a lazy chunk with the signrate texts): asks the order's creator
 * to sign when an item needs it (before payment, or once paid), opens the pad, and shows the
 * confirmed signature. Nothing when no item of the order asks for one.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import type { OrderDetail } from '@cf/shared/wire/order';
import { formatDateTime } from '@/lib/date-time';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { LazySignaturePad } from '@/components/signature/lazy-signature-pad';
import { useSignature, type SignatureState } from '@/components/signature/get-signature';
import { useSignatureImage } from '@/components/signature/get-signature-image';
import styles from './order-blocks.module.css';

const OPEN = new Set(['NOT_PAY', 'PAYING']);

/** What the card says while the order is not signed. */
function unsignedText(state: SignatureState, order: OrderDetail): TextKey {
  if (state.canSign) return state.timing === 'before_pay' ? 'signature.askBefore' : 'signature.askAfter';
  if (order.payStatus === 'CLOSED') return 'signature.unsignedNow';
  if (OPEN.has(order.payStatus) && state.timing === 'after_pay') return 'signature.askAfter';
  return 'signature.waiting';
}

function SignedImage({ state }: { state: SignatureState }) {
  const t = useT();
  const image = useSignatureImage(state.orderId, state.signed);
  return (
    <>
      {image.data ? (
        <img
          className={styles.image}
          src={image.data}
          alt={t('signature.imageAlt')}
          width={state.width ?? undefined}
          height={state.height ?? undefined}
          data-testid="signature-image"
        />
      ) : null}
      <p className={styles.meta}>{t('signature.signedAt', { time: formatDateTime(state.signedAt) })}</p>
    </>
  );
}

export default function SignatureBlock({ order }: { order: OrderDetail }) {
  const t = useT();
  const signature = useSignature(order.id);
  const [padOpen, setPadOpen] = useState(false);
  const state = signature.data;
  if (!state?.required) return null;
  return (
    <section
      className={styles.card}
      aria-labelledby="order-signature-title"
      data-testid="order-signature"
      data-signed={state.signed}
    >
      <h2 id="order-signature-title" className={styles.title}>
        {t('signature.title')}
      </h2>
      {state.signed ? (
        <SignedImage state={state} />
      ) : (
        <>
          <p className={styles.hint}>{t(unsignedText(state, order))}</p>
          {state.canSign ? (
            <Button block color="primary" onClick={() => setPadOpen(true)} data-testid="signature-open">
              {t('signature.signNow')}
            </Button>
          ) : null}
        </>
      )}
      {padOpen ? (
        <LazySignaturePad
          orderId={order.id}
          declaration={{ zh: state.declaration, en: state.declarationEn }}
          onClose={() => setPadOpen(false)}
        />
      ) : null}
    </section>
  );
}
