import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { bankCardProblem, groupBankCard, normalizeBankCard } from '@cf/shared/bank-card';
import { maskBankCard } from '@cf/shared/mask';
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormRow } from '@/components/form-row';
import { toastFail, toastSuccess } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { useChangeBankAccount } from '../api/change-bank-account';
import { bindInfoQuery, useBindInfo } from '@/api/get-bind-info';
import { BankPicker } from '../components/bank-picker';
import { FinanceProof } from '../components/finance-proof';
import styles from '../components/mine.module.css';
import { RegionPicker, type Region } from '../components/region-picker';
import { ValueRow } from '../components/value-row';
import { useBankName } from '../use-bank-name';

/**
 * /user/bank: step 1 proves the phone on file (a 'finance' proof), step 2 takes the new card (16–19
 * digits, Luhn), the bank from the tenant's list and the province and city. The card shows in full
 * only while the owner types it; everywhere else it is masked. The server checks it all again.
 */
export default function BankPage() {
  const t = useT();
  const { user } = useSession();
  const info = useBindInfo(user?.userId).data;
  const bankName = useBankName(info?.bankName);
  return (
    <div className={styles.page}>
      <div className={styles.box}>
        <ValueRow
          label={t('mine.currentCard')}
          value={maskBankCard(info?.bankCardMasked)}
          testId="bank-current"
        />
        {bankName.name ? (
          <ValueRow
            label={t('mine.bankName')}
            value={bankName.name}
            userData={bankName.userData}
            testId="bank-current-name"
          />
        ) : null}
      </div>
      <FinanceProof>{(verifyToken) => <BankForm verifyToken={verifyToken} />}</FinanceProof>
    </div>
  );
}

function BankForm({ verifyToken }: { verifyToken: string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [card, setCard] = useState('');
  const [bankName, setBankName] = useState('');
  const [region, setRegion] = useState<Region | null>(null);
  const [saving, setSaving] = useState(false);
  const change = useChangeBankAccount();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const cardProblem = bankCardProblem(card);
    const problem = cardProblem
      ? t(cardProblem)
      : !bankName
        ? t('validate.bankNameRequired')
        : !region
          ? t('profile.regionRequired')
          : null;
    if (problem || !region) return toastFail(problem ?? t('profile.regionRequired'));
    setSaving(true);
    try {
      await change.mutateAsync({
        bankCard: normalizeBankCard(card),
        bankName,
        bankProvince: region.province,
        bankCity: region.city,
        verifyToken,
      });
      await refreshAfterWrite(queryClient, bindInfoQuery(user?.userId ?? '').queryKey);
      toastSuccess(t('mine.bankSaved'));
      void navigate('/user/edit', { replace: true });
    } catch (error) {
      // The client already showed the server's message; the form stays for another try.
      // eslint-disable-next-line no-console
      console.error('bank card change failed', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="bank-step-new">
      <h3 id="bank-step-new" style={{ margin: '0 0 0.5rem', fontSize: '0.9rem' }}>
        {t('mine.stepBank')}
      </h3>
      <div className={styles.box}>
        <FormRow htmlFor="mine-card" label={t('mine.newCard')}>
          <Input
            id="mine-card"
            name="bankCard"
            inputMode="numeric"
            autoComplete="off"
            maxLength={23}
            placeholder={t('mine.cardPlaceholder')}
            value={groupBankCard(normalizeBankCard(card))}
            onChange={(typed) => setCard(typed.replace(/[^\d\s-]/g, ''))}
            clearable
          />
        </FormRow>
        <BankPicker value={bankName} onChange={setBankName} />
        <RegionPicker value={region} onChange={setRegion} />
      </div>
      <Button type="submit" block color="primary" loading={saving} disabled={saving}>
        {t('mine.submit')}
      </Button>
    </form>
  );
}
