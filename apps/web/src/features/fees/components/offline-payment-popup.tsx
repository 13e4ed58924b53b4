import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import { formatYuan } from '@cf/shared/money';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { OFFLINE_PAY_METHODS, payMethodText } from '@/components/finance/finance-text';
import { FormRow } from '@/components/form-row';
import { today } from '@/lib/date-time';
import { toastFail, toastSuccess } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { loadChunk } from '@/lib/lazy-chunk';
import { useRecordOfflinePayment } from '../api/record-offline-payment';
import { uploadOfflineEvidence } from '../api/upload-offline-evidence';
import type { EvidenceItem } from '../evidence';
import { checkOfflineForm, type OfflineForm } from '../offline-payment';
import { defaultAmountText } from '../pay-amount';
import { AmountInput } from './amount-input';
import styles from './offline-payment-popup.module.css';

/** The evidence picker (and its photo shrinking) arrives when the form opens, not with the money screens. */
const EvidencePicker = lazy(() => loadChunk(() => import('./evidence-picker')));

interface OfflinePaymentPopupProps {
  visible: boolean;
  onClose: () => void;
  receivableId: number;
  availableFen: number;
}

/**
 * Other-means payment: a payment made outside the app (bank, cash, card), recorded with its
 * method and date and the payer's evidence (photos, PDFs); it waits as a not-reviewed bill until
 * the finance office reviews it.
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
  const [evidence, setEvidence] = useState<EvidenceItem[]>([]);
  /** Files uploaded of those to upload, while submitting. */
  const [uploading, setUploading] = useState<{ done: number; total: number }>();
  const max = today();
  const busy = record.isPending || uploading !== undefined;

  /** Uploads the files not uploaded yet, one after another; their ids, or undefined when one failed. */
  async function uploadEvidence(): Promise<number[] | undefined> {
    const waiting = evidence.filter((item) => item.uploadedId === undefined);
    if (waiting.length === 0) return evidence.map((item) => item.uploadedId!);
    const ids: number[] = [];
    setUploading({ done: 0, total: waiting.length });
    try {
      for (const item of evidence) {
        let id = item.uploadedId;
        if (id === undefined) {
          id = (await uploadOfflineEvidence(item).catch(() => undefined))?.id;
          if (id === undefined) return undefined;
          const uploadedId = id;
          setEvidence((all) => all.map((e) => (e.key === item.key ? { ...e, uploadedId } : e)));
          setUploading((u) => u && { ...u, done: u.done + 1 });
        }
        ids.push(id);
      }
      return ids;
    } finally {
      setUploading(undefined);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const check = checkOfflineForm(receivableId, availableFen, form, max);
    if (!check.ok) return toastFail(t(check.problem));
    const evidenceIds = await uploadEvidence();
    if (!evidenceIds) return;
    const payment = evidenceIds.length > 0 ? { ...check.payment, evidenceIds } : check.payment;
    const bill = await record.mutateAsync(payment).catch(() => undefined);
    if (!bill) {
      // A refused record may have found a file gone (unused for a day): the next submit uploads them again.
      setEvidence((all) => all.map((item) => ({ ...item, uploadedId: undefined })));
      return;
    }
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
      <Suspense fallback={<div className={styles.evidenceLoading} />}>
        <EvidencePicker
          items={evidence}
          onAdd={(added) => setEvidence((all) => [...all, ...added])}
          onRemove={(key) => setEvidence((all) => all.filter((item) => item.key !== key))}
          disabled={busy}
        />
      </Suspense>
      <Button
        type="submit"
        block
        color="primary"
        loading={busy}
        loadingText={
          uploading &&
          t('fee.evidenceUploading', {
            done: Math.min(uploading.done + 1, uploading.total),
            total: uploading.total,
          })
        }
        data-testid="offline-submit"
      >
        {t('fee.offlineSubmit')}
      </Button>
    </form>
  );
}
