import type { ReactNode } from 'react';
import styles from './form-row.module.css';

interface FormRowProps {
  /** The id of the control inside, so the label names it for screen readers and tests. */
  htmlFor: string;
  label: ReactNode;
  children: ReactNode;
  /** Something after the control (a send-code button, a captcha image). */
  extra?: ReactNode;
}

/** A labelled form line: label on the left, control in the middle, optional extra on the right. */
export function FormRow({ htmlFor, label, children, extra }: FormRowProps) {
  return (
    <div className={styles.row}>
      <label className={styles.label} htmlFor={htmlFor}>
        {label}
      </label>
      <div className={styles.control}>{children}</div>
      {extra ? <div className={styles.extra}>{extra}</div> : null}
    </div>
  );
}
