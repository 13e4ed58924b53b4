import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Stepper from 'antd-mobile/es/components/stepper';
import { formatYuan, parseYuan } from '@cf/shared/money';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormRow } from '@/components/form-row';
import { localName } from '@/components/finance/finance-text';
import { toastFail } from '@/lib/feedback';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import type { FeeItem, FormField } from '../api/fee-types';
import { checkItemOrder, isTopup, type ItemOrderCheck } from '../item-order';
import { AmountInput } from './amount-input';
import { SignatureTag } from './signature-tag';
import styles from './item-order-form.module.css';

export type ItemOrder = Extract<ItemOrderCheck, { ok: true }>;

interface ItemOrderFormProps {
  item: FeeItem;
  /** Creates the order; the form stays busy until it settles. */
  onOrder: (order: ItemOrder) => Promise<unknown>;
  /** Shown above the item (the enrollee found for an enrolment fee). */
  header?: ReactNode;
}

const INPUT_MODES: Record<FormField['type'], 'text' | 'decimal' | 'tel'> = {
  text: 'text',
  number: 'decimal',
  phone: 'tel',
  date: 'text',
};

/**
 * A catalogue item to pay (manual, top-up or enrolment): its price and quantity, or the top-up
 * amount within its limits; the school's extra fields, required ones marked *; the total.
 */
export function ItemOrderForm({ item, onOrder, header }: ItemOrderFormProps) {
  const t = useT();
  const language = useLanguage();
  const [quantity, setQuantity] = useState(1);
  const [amountText, setAmountText] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const topup = isTopup(item);
  const labelOf = (field: FormField) => localName(language, field.label, field.labelEn);
  const description = localName(language, item.description, item.descriptionEn);
  const totalFen = topup ? (parseYuan(amountText) ?? 0) : item.priceFen * quantity;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const check = checkItemOrder(item, { quantity, amountText, values }, labelOf);
    if (!check.ok) return toastFail(t(check.problem, check.params));
    setBusy(true);
    try {
      await onOrder(check);
    } catch {
      // The client already showed the server's reason.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="item-name">
      {header}
      <section className={styles.card}>
        <h2 id="item-name" className={styles.name}>
          {localName(language, item.name, item.nameEn)}
        </h2>
        {item.schoolYear ? (
          <p className={styles.meta}>{t('fee.schoolYear', { year: item.schoolYear })}</p>
        ) : null}
        {description ? <p className={styles.description}>{description}</p> : null}
        {item.signatureTiming ? (
          <p className={styles.signature} data-testid="item-signature">
            <SignatureTag />
            {t(item.signatureTiming === 'before_pay' ? 'fee.signBeforePay' : 'fee.signAfterPay')}
          </p>
        ) : null}
      </section>

      <div className={styles.rows}>
        {topup ? (
          <FormRow htmlFor="item-amount" label={t('fee.topupAmount')}>
            <AmountInput
              id="item-amount"
              value={amountText}
              onChange={setAmountText}
              limits={{ minFen: item.minFen, maxFen: item.maxFen }}
              limitKind="range"
              placeholder={t('fee.topupRange', {
                min: formatYuan(item.minFen, false),
                max: formatYuan(item.maxFen, false),
              })}
            />
          </FormRow>
        ) : (
          <>
            <div className={styles.row}>
              <span className={styles.rowLabel}>{t('fee.price')}</span>
              <span className={styles.rowValue} data-testid="item-price">
                {formatYuan(item.priceFen)}
              </span>
            </div>
            {item.maxQuantity > 1 ? (
              <div className={styles.row}>
                <span className={styles.rowLabel} id="item-quantity-label">
                  {t('fee.quantity')}
                </span>
                <Stepper
                  aria-labelledby="item-quantity-label"
                  min={1}
                  max={item.maxQuantity}
                  digits={0}
                  value={quantity}
                  onChange={(next) => setQuantity(next || 1)}
                  data-testid="item-quantity"
                />
              </div>
            ) : null}
          </>
        )}
        {item.formFields.map((field) => {
          const id = `item-field-${field.key}`;
          const label = (
            <>
              {field.required ? (
                <span className={styles.required} aria-hidden="true">
                  *
                </span>
              ) : null}
              {labelOf(field)}
              {field.required ? <span className={styles.srOnly}>{t('fee.requiredField')}</span> : null}
            </>
          );
          const value = values[field.key] ?? '';
          const set = (next: string) => setValues((v) => ({ ...v, [field.key]: next }));
          return (
            <FormRow key={field.key} htmlFor={id} label={label}>
              {field.type === 'date' ? (
                <input
                  id={id}
                  className={styles.dateInput}
                  type="date"
                  value={value}
                  onChange={(e) => set(e.target.value)}
                />
              ) : (
                <Input
                  id={id}
                  inputMode={INPUT_MODES[field.type]}
                  type={field.type === 'phone' ? 'tel' : 'text'}
                  maxLength={200}
                  placeholder={t(
                    field.required ? 'fee.fieldRequiredPlaceholder' : 'fee.fieldOptionalPlaceholder',
                  )}
                  value={value}
                  onChange={set}
                  clearable
                />
              )}
            </FormRow>
          );
        })}
      </div>

      <div className={styles.totalRow}>
        <span>{t('fee.orderTotal')}</span>
        <span className={styles.total} data-testid="item-total">
          {formatYuan(totalFen)}
        </span>
      </div>
      <Button type="submit" block color="primary" size="large" loading={busy} data-testid="item-pay">
        {t('fee.payNow')}
      </Button>
    </form>
  );
}
