import type { ReactNode } from 'react';
import styles from './form-row.module.css';

interface FormRowProps {
  /** The id of the control inside, so the label names it for screen readers and tests. */
  htmlFor: string;
  label: ReactNode;
  children: ReactNode;
  /** Something after the control (a send-code button, a captcha image). */
  extra?: ReactNode;
  /** What is wrong with the value: the row is marked and the text shown under it (id `${htmlFor}-error`). */
  error?: string;
}

/**
 * A labelled form line: label on the left, control in the middle, optional extra on the right, and
 * under it what is wrong with the value, when something is.
 */
export function FormRow({ htmlFor, label, children, extra, error }: FormRowProps) {
  return (
    <div
      className={error ? `${styles.row} ${styles.invalid}` : styles.row}
      data-invalid={error ? true : undefined}
    >
      <label className={styles.label} htmlFor={htmlFor}>
        {label}
      </label>
      <div className={styles.control}>{children}</div>
      {extra ? <div className={styles.extra}>{extra}</div> : null}
      {error ? (
        <p className={styles.error} id={`${htmlFor}-error`} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
