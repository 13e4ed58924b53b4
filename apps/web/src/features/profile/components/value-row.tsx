import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/use-t';
import styles from './mine.module.css';

/**
 * One line of the profile: a label and a value (or "not set"); with `to`, the whole line is a link to
 * the screen that changes it. `userData` marks a value the school or the person wrote (a name, a
 * place) that stays as written in either language.
 */
export function ValueRow({
  label,
  value,
  to,
  testId,
  userData,
}: {
  label: ReactNode;
  value: string | number | null | undefined;
  to?: string;
  testId?: string;
  userData?: boolean;
}) {
  const t = useT();
  const shown =
    value === null || value === undefined || value === '' ? (
      <span className={styles.muted}>{t('mine.notSet')}</span>
    ) : (
      <span data-user-data={userData || undefined}>{value}</span>
    );
  const body = (
    <>
      <span className={styles.valueLabel}>{label}</span>
      <span className={styles.valueEnd}>
        <span className={styles.value} data-testid={testId}>
          {shown}
        </span>
        {to ? <RightOutline aria-hidden="true" /> : null}
      </span>
    </>
  );
  return to ? (
    <Link className={styles.valueRow} to={to}>
      {body}
    </Link>
  ) : (
    <div className={styles.valueRow}>{body}</div>
  );
}
