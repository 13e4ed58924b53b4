import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import { formatYuan } from '@cf/shared/money';
import { useState, type FormEvent } from 'react';
import { OFFLINE_PAY_METHODS, payMethodText } from '@/components/finance/finance-text';
import { FormRow } from '@/components/form-row';
import { today } from '@/lib/date-time';
import { toastFail, toastSuccess } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { useRecordOfflinePayment } from '../api/record-offline-payment';
import { checkOfflineForm, type OfflineForm } from '../offline-payment';
import { defaultAmountText } from '../pay-amount';
import { AmountInput } from './amount-input';
import styles from './offline-payment-popup.module.css';

interface OfflinePaymentPopupProps {
  visible: boolean;
  onClose: () => void;
  receivableId: number;
  availableFen: number;
}

/**
 * Other-means payment: a payment made outside the app (bank, cash, card), recorded with its
 * method and date; it waits as a not-reviewed bill until the finance office reviews it.
 */
export function OfflinePaymentPopup({ visible, onClose, ...form }: OfflinePaymentPopupProps) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyStyle={{ maxHeight: '85vh', overflowY: 'auto', background: '#f5f6f8' }}
    >
      <OfflinePaymentForm {...form} onDone={onClose} />
    </Popup>
  );
}

/** The form inside the popup: it starts afresh each time the popup opens. */
function OfflinePaymentForm({
  receivableId,
  availableFen,
  onDone,
}: Pick<OfflinePaymentPopupProps, 'receivableId' | 'availableFen'> & { onDone: () => void }) {
  const t = useT();
  const record = useRecordOfflinePayment();
  const [form, setForm] = useState<OfflineForm>(() => ({
    amountText: defaultAmountText(availableFen),
    payMethod: '',
    payDate: '',
    note: '',
  }));
  const set = (patch: Partial<OfflineForm>) => setForm((f) => ({ ...f, ...patch }));
  const max = today();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending) return;
    const check = checkOfflineForm(receivableId, availableFen, form, max);
    if (!check.ok) return toastFail(t(check.problem));
    const bill = await record.mutateAsync(check.payment).catch(() => undefined);
    if (!bill) return;
    toastSuccess(t('fee.offlineRecorded'));
    onDone();
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="offline-title"
      data-testid="offline-form"
    >
      <h2 id="offline-title" className={styles.title}>
        {t('fee.offlineTitle')}
      </h2>
      <p className={styles.intro}>{t('fee.offlineIntro', { amount: formatYuan(availableFen) })}</p>
      <div className={styles.rows}>
        <FormRow htmlFor="offline-amount" label={t('fee.offlineAmount')}>
          <AmountInput
            id="offline-amount"
            value={form.amountText}
            onChange={(amountText) => set({ amountText })}
            limits={{ maxFen: availableFen }}
          />
        </FormRow>
        <fieldset className={styles.methods}>
          <legend className={styles.legend}>
            <span className={styles.required} aria-hidden="true">
              *
            </span>
            {t('fee.payMethod')}
          </legend>
          <div className={styles.chips}>
            {OFFLINE_PAY_METHODS.map((method) => (
              <label
                key={method}
                className={form.payMethod === method ? `${styles.chip} ${styles.chipOn}` : styles.chip}
              >
                <input
                  type="radio"
                  name="payMethod"
                  value={method}
                  checked={form.payMethod === method}
                  onChange={() => set({ payMethod: method })}
                />
                {payMethodText(method, t)}
              </label>
            ))}
          </div>
        </fieldset>
        <FormRow
          htmlFor="offline-date"
          label={
            <>
              <span className={styles.required} aria-hidden="true">
                *
              </span>
              {t('fee.payDate')}
            </>
          }
        >
          <input
            id="offline-date"
            className={styles.dateInput}
            type="date"
            max={max}
            value={form.payDate}
            onChange={(e) => set({ payDate: e.target.value })}
          />
        </FormRow>
        <FormRow htmlFor="offline-note" label={t('fee.offlineNote')}>
          <Input
            id="offline-note"
            maxLength={200}
            placeholder={t('fee.fieldOptionalPlaceholder')}
            value={form.note}
            onChange={(note) => set({ note })}
          />
        </FormRow>
      </div>
      <Button type="submit" block color="primary" loading={record.isPending} data-testid="offline-submit">
        {t('fee.offlineSubmit')}
      </Button>
    </form>
  );
}
