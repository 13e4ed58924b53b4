/**
 * The invoice title form (spec §3 invoice info): taxpayer type, invoice type, name, taxpayer ID, and for
 * a company address, phone, bank and bank account. The rules are packages/shared's (checkInvoiceInfo),
 * checked here as the person types and again by the server.
 */
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import {
  checkInvoiceInfo,
  type InvoiceInfo,
  type InvoiceInfoField,
  type InvoiceType,
  type TaxpayerType,
} from '@cf/shared/invoice-title';
import { useState, type FormEvent } from 'react';
import { FormRow } from '@/components/form-row';
import { toastSuccess } from '@/lib/feedback';
import type { TextKey } from '@/lib/i18n/i18n';
import { useInvoiceTerm } from '@/components/invoice/invoice-term';
import { useT } from '@/lib/i18n/use-t';
import type { InvoiceTitle } from '../api/get-invoice-titles';
import { useSaveInvoiceTitle } from '../api/save-invoice-title';
import styles from './title-form.module.css';

const EMPTY: InvoiceInfo = {
  taxpayerType: 'company',
  invoiceType: 'general',
  name: '',
  taxId: '',
  address: '',
  phone: '',
  bank: '',
  bankAccount: '',
};

const COMPANY_FIELDS: { field: Exclude<InvoiceInfoField, 'name' | 'invoiceType'>; label: TextKey }[] = [
  { field: 'taxId', label: 'invoice.field.taxId' },
  { field: 'address', label: 'invoice.field.address' },
  { field: 'phone', label: 'invoice.field.phone' },
  { field: 'bank', label: 'invoice.field.bank' },
  { field: 'bankAccount', label: 'invoice.field.bankAccount' },
];

function Choices<V extends string>(props: {
  label: string;
  value: V;
  options: { value: V; text: string; disabled?: boolean }[];
  onChange: (value: V) => void;
}) {
  return (
    <div className={styles.choices} role="group" aria-label={props.label}>
      <span className={styles.choiceLabel}>{props.label}</span>
      {props.options.map((option) => (
        <Button
          key={option.value}
          className={styles.choice}
          size="small"
          color={props.value === option.value ? 'primary' : 'default'}
          fill={props.value === option.value ? 'solid' : 'outline'}
          disabled={option.disabled}
          aria-pressed={props.value === option.value}
          onClick={() => props.onChange(option.value)}
          data-testid={`title-choice-${option.value}`}
        >
          {option.text}
        </Button>
      ))}
    </div>
  );
}

export function TitleForm({
  title,
  onSaved,
}: {
  title?: InvoiceTitle;
  onSaved: (saved: InvoiceTitle) => void;
}) {
  const t = useT();
  const term = useInvoiceTerm();
  const save = useSaveInvoiceTitle();
  const [info, setInfo] = useState<InvoiceInfo>(title ? { ...EMPTY, ...title } : EMPTY);
  const [tried, setTried] = useState(false);
  const problems = checkInvoiceInfo(info);
  const company = info.taxpayerType === 'company';
  const special = info.invoiceType === 'special';
  const set = (change: Partial<InvoiceInfo>) => setInfo((current) => ({ ...current, ...change }));
  const errorOf = (field: InvoiceInfoField) => {
    const key = problems[field];
    return tried && key ? (
      <p className={styles.error} role="alert" data-testid={`title-error-${field}`}>
        {t(key)}
      </p>
    ) : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const saved = await save.mutateAsync({ ...info, id: title?.id }).catch(() => undefined);
    if (!saved) return;
    toastSuccess(t('invoice.saved'));
    onSaved(saved);
  }

  const input = (field: InvoiceInfoField, label: string, placeholder: string) => (
    <>
      <FormRow htmlFor={`title-${field}`} label={label}>
        <Input
          id={`title-${field}`}
          value={info[field as keyof InvoiceInfo]}
          onChange={(value) => set({ [field]: value } as Partial<InvoiceInfo>)}
          placeholder={placeholder}
          clearable
          data-testid={`title-${field}`}
        />
      </FormRow>
      {errorOf(field)}
    </>
  );

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="title-form">
      <div className={styles.fields}>
        <Choices<TaxpayerType>
          label={t('invoice.taxpayerType')}
          value={info.taxpayerType}
          options={[
            { value: 'company', text: t('invoice.taxpayerType.company') },
            { value: 'person', text: t('invoice.taxpayerType.person') },
          ]}
          onChange={(taxpayerType) =>
            set(taxpayerType === 'person' ? { taxpayerType, invoiceType: 'general' } : { taxpayerType })
          }
        />
        <Choices<InvoiceType>
          label={t('invoice.invoiceType', term)}
          value={info.invoiceType}
          options={[
            { value: 'general', text: t('invoice.choice.general') },
            { value: 'special', text: t('invoice.choice.special'), disabled: !company },
          ]}
          onChange={(invoiceType) => set({ invoiceType })}
        />
        {input(
          'name',
          t(company ? 'invoice.field.companyName' : 'invoice.field.personName'),
          t('invoice.field.required'),
        )}
        {company
          ? COMPANY_FIELDS.map(({ field, label }) => (
              <div key={field}>
                {input(
                  field,
                  t(label),
                  t(field === 'taxId' || special ? 'invoice.field.required' : 'invoice.field.optional'),
                )}
              </div>
            ))
          : null}
      </div>
      <Button
        type="submit"
        block
        color="primary"
        size="large"
        loading={save.isPending}
        data-testid="title-save"
      >
        {t('invoice.save')}
      </Button>
    </form>
  );
}
