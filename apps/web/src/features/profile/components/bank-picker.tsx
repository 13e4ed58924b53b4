import Picker from 'antd-mobile/es/components/picker';
import { useState } from 'react';
import { FormRow } from '@/components/form-row';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { useBankList } from '../api/get-bank-list';
import styles from './mine.module.css';

/** The bank, from the tenant's list (dictionary `bank`): the Chinese name is kept, English shown in English. */
export function BankPicker({ value, onChange }: { value: string; onChange: (bankName: string) => void }) {
  const t = useT();
  const language = useLanguage();
  const { user } = useSession();
  const banks = useBankList(user?.tenantId).data ?? [];
  const [open, setOpen] = useState(false);
  const columns = [
    banks.map((bank) => ({
      label: language === 'en' && bank.remark ? bank.remark : bank.dictValue,
      value: bank.dictValue,
    })),
  ];
  const shown = columns[0]!.find((option) => option.value === value)?.label ?? value;
  return (
    <FormRow htmlFor="mine-bank" label={t('mine.bankName')}>
      <button
        id="mine-bank"
        type="button"
        className={styles.pickButton}
        data-empty={!value}
        disabled={banks.length === 0}
        onClick={() => setOpen(true)}
      >
        <span>{shown || t('mine.chooseBank')}</span>
      </button>
      <Picker
        title={t('mine.chooseBank')}
        popupClassName={styles.picker}
        columns={columns}
        visible={open}
        value={value ? [value] : []}
        onClose={() => setOpen(false)}
        onConfirm={([picked]) => {
          if (typeof picked === 'string') onChange(picked);
        }}
      />
    </FormRow>
  );
}
