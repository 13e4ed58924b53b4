import Input from 'antd-mobile/es/components/input';
import { acceptAmountInput, checkAmountText, type AmountLimits } from '@cf/shared/amount-input';
import { formatYuan } from '@cf/shared/money';
import type { TextKey, TextParams } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import styles from './amount-input.module.css';

interface AmountInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The amount's limits, checked as the person types (the message shows under the field). */
  limits: AmountLimits;
  /**
   * How a limit is worded: `pay` a payment that may not exceed what is owed (spec §5's message),
   * `range` a top-up between its least and most.
   */
  limitKind?: 'pay' | 'range';
}

/** The message for typed yuan against its limits, or null when it is an amount within them (or still empty). */
export function amountProblem(
  text: string,
  limits: AmountLimits,
  limitKind: 'pay' | 'range',
): { key: TextKey; params?: TextParams } | null {
  if (text === '') return null;
  const check = checkAmountText(text, limits);
  if (check.ok) return null;
  if (check.problem === 'invalid') return { key: 'fee.amountInvalid' };
  if (limitKind === 'pay') return { key: 'fee.amountTooLarge' };
  return {
    key: 'fee.topupOutOfRange',
    params: { min: formatYuan(limits.minFen ?? 1, false), max: formatYuan(limits.maxFen ?? 0, false) },
  };
}

/**
 * An amount in yuan, named by a <label htmlFor={id}>. Keystrokes that cannot make an amount are
 * refused (the shared input rule); an amount outside its limits is said under the field at once.
 */
export function AmountInput({
  id,
  value,
  onChange,
  placeholder,
  limits,
  limitKind = 'pay',
}: AmountInputProps) {
  const t = useT();
  const problem = amountProblem(value, limits, limitKind);
  return (
    <div className={styles.wrap}>
      <div className={problem ? `${styles.field} ${styles.invalid}` : styles.field}>
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
          onChange={(next) => onChange(acceptAmountInput(value, next))}
          clearable
        />
      </div>
      {problem ? (
        <p className={styles.error} role="alert" data-testid="amount-error">
          {t(problem.key, problem.params)}
        </p>
      ) : null}
    </div>
  );
}
