import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { formatYuan } from '@cf/shared/money';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { localName } from '@/components/finance/finance-text';
import { FormRow } from '@/components/form-row';
import { toastFail } from '@/lib/feedback';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { useLookupEnrollee, type Enrollee, type EnrolleeQuery } from '../api/lookup-enrollee';
import { checkEnrolleeQuery } from '../enrollee-query';
import styles from './enroll-page.module.css';

function EnrolleeFees({ enrollee, query }: { enrollee: Enrollee; query: EnrolleeQuery }) {
  const t = useT();
  const language = useLanguage();
  const paid = new Set(enrollee.paidItemIds);
  return (
    <section className={styles.result} aria-labelledby="enrollee-name" data-testid="enrollee">
      <div className={styles.person}>
        <h2 id="enrollee-name" className={styles.personName}>
          {enrollee.name}
        </h2>
        <p className={styles.personMeta}>{t('enroll.admissionNo', { no: enrollee.admissionNo })}</p>
        {enrollee.major ? (
          <p className={styles.personMeta}>{t('enroll.major', { major: enrollee.major })}</p>
        ) : null}
      </div>
      {enrollee.items.length === 0 ? (
        <p className={styles.empty}>{t('enroll.noItems')}</p>
      ) : (
        <ul className={styles.items}>
          {enrollee.items.map((item) => {
            const name = localName(language, item.name, item.nameEn);
            const done = paid.has(item.id);
            return (
              <li key={item.id}>
                {done ? (
                  <div className={styles.item} data-testid={`enroll-item-${item.id}`}>
                    <span className={styles.itemName}>{name}</span>
                    <span className={styles.paid}>{t('enroll.paid')}</span>
                  </div>
                ) : (
                  <Link
                    className={styles.item}
                    to={`/fee/other/enroll/product/${item.id}`}
                    state={{ idCard: query.idCard, name: query.name, admissionNo: enrollee.admissionNo }}
                    data-testid={`enroll-item-${item.id}`}
                  >
                    <span className={styles.itemName}>{name}</span>
                    <span className={styles.itemPrice}>{formatYuan(item.priceFen)}</span>
                    <RightOutline aria-hidden="true" className={styles.chevron} />
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** /enroll: a newly admitted student finds their enrolment fees by ID number and name. */
export default function EnrollPage() {
  const t = useT();
  const lookup = useLookupEnrollee();
  const [idCard, setIdCard] = useState('');
  const [name, setName] = useState('');
  const [found, setFound] = useState<{ enrollee: Enrollee; query: EnrolleeQuery } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (lookup.isPending) return;
    const query = { idCard: idCard.trim().toUpperCase(), name: name.trim() };
    const problem = checkEnrolleeQuery(query);
    if (problem) return toastFail(t(problem));
    const enrollee = await lookup.mutateAsync(query).catch(() => undefined);
    setFound(enrollee ? { enrollee, query } : null);
  }

  return (
    <div className={styles.page}>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby="enroll-title"
        className={styles.form}
      >
        <h2 id="enroll-title" className={styles.title}>
          {t('enroll.title')}
        </h2>
        <p className={styles.intro}>{t('enroll.intro')}</p>
        <div className={styles.rows}>
          <FormRow htmlFor="enroll-id-card" label={t('enroll.idCard')}>
            <Input
              id="enroll-id-card"
              maxLength={32}
              autoComplete="off"
              placeholder={t('enroll.idCardPlaceholder')}
              value={idCard}
              onChange={setIdCard}
              clearable
            />
          </FormRow>
          <FormRow htmlFor="enroll-name" label={t('enroll.name')}>
            <Input
              id="enroll-name"
              maxLength={64}
              autoComplete="name"
              placeholder={t('enroll.namePlaceholder')}
              value={name}
              onChange={setName}
              clearable
            />
          </FormRow>
        </div>
        <Button type="submit" block color="primary" loading={lookup.isPending} data-testid="enroll-lookup">
          {t('enroll.lookup')}
        </Button>
      </form>
      {found ? <EnrolleeFees enrollee={found.enrollee} query={found.query} /> : null}
    </div>
  );
}
