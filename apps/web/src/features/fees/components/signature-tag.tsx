/** The mark of a catalogue item that asks for the payer's signature (fee list and item page). */
import { useT } from '@/lib/i18n/use-t';
import styles from './signature-tag.module.css';

export function SignatureTag() {
  const t = useT();
  return (
    <span className={styles.tag} data-testid="signature-tag">
      {t('fee.needsSignature')}
    </span>
  );
}
