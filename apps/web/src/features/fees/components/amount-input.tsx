import Input from 'antd-mobile/es/components/input';
import { useT } from '@/lib/i18n/use-t';
import styles from './amount-input.module.css';

interface AmountInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** An amount in yuan (up to two decimals), named by a <label htmlFor={id}>; parsed with parseYuan where used. */
export function AmountInput({ id, value, onChange, placeholder }: AmountInputProps) {
  const t = useT();
  return (
    <div className={styles.field}>
      <span className={styles.symbol} aria-hidden="true">
        ¥
      </span>
      <Input
        id={id}
        className={styles.input}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        placeholder={placeholder ?? t('fee.amountPlaceholder')}
        value={value}
        onChange={(next) => onChange(next.replace(/[^\d.]/g, ''))}
        clearable
      />
    </div>
  );
}
