import { maskBankCard, maskEmail, maskPhone } from '@cf/shared/mask';
import { useCan } from '@/api/get-button-permissions';
import { PageSpinner } from '@/components/page-spinner';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { useBankName } from '../use-bank-name';
import { useBindInfo } from '@/api/get-bind-info';
import styles from '../components/mine.module.css';
import { ValueRow } from '../components/value-row';

/**
 * /user/edit, my profile (spec §3 fields). The school record (name, ID card, student or staff number,
 * year of admission, class or department) is the school's and read-only; the contact and bank
 * details link to the screens that change them (bank only where the tenant grants bank_change). ID
 * card, bank card, phone and e-mail are shown masked.
 */
export default function ProfileEditPage() {
  const t = useT();
  const can = useCan();
  const { user } = useSession();
  const info = useBindInfo(user?.userId);
  const bankName = useBankName(info.data?.bankName);
  if (info.isError) return <p className={styles.alert}>{t('mine.loadFailed')}</p>;
  if (!info.data) return <PageSpinner />;
  const p = info.data;
  const student = p.userType === 'student';
  const bankTo = can('bank_change') ? '/user/bank' : undefined;

  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="edit-school">
        <h2 id="edit-school" className={styles.sectionTitle}>
          {t('mine.schoolRecord')}
        </h2>
        <p className={styles.hint}>{t('mine.schoolRecordHint')}</p>
        <div className={styles.box}>
          <ValueRow label={t('mine.name')} value={p.realName} userData />
          <ValueRow label={t('mine.idCard')} value={p.idCardMasked} testId="edit-id-card" />
          {student ? (
            <>
              <ValueRow label={t('mine.studentNo')} value={p.studentNo} />
              <ValueRow label={t('mine.startYear')} value={p.startYear} />
              <ValueRow label={t('mine.className')} value={p.className} userData />
            </>
          ) : p.userType === 'employee' ? (
            <>
              <ValueRow label={t('mine.employeeNo')} value={p.code} />
              <ValueRow label={t('mine.department')} value={p.department} userData />
            </>
          ) : null}
        </div>
      </section>
      <section className={styles.section} aria-labelledby="edit-contact">
        <h2 id="edit-contact" className={styles.sectionTitle}>
          {t('mine.contact')}
        </h2>
        <div className={styles.box}>
          <ValueRow
            label={t('mine.phone')}
            value={maskPhone(p.financePhone || p.phone)}
            to="/user/phone"
            testId="edit-phone"
          />
          <ValueRow
            label={t('mine.email')}
            value={maskEmail(p.financeEmail || p.email)}
            to="/user/email"
            testId="edit-email"
          />
          <ValueRow
            label={t('mine.bankCard')}
            value={maskBankCard(p.bankCardMasked)}
            to={bankTo}
            testId="edit-bank-card"
          />
          <ValueRow
            label={t('mine.bankName')}
            value={bankName.name}
            to={bankTo}
            userData={bankName.userData}
          />
          <ValueRow label={t('mine.province')} value={p.bankProvince} to={bankTo} userData />
          <ValueRow label={t('mine.city')} value={p.bankCity} to={bankTo} userData />
        </div>
      </section>
    </div>
  );
}
