/** A tappable list row (≥ 44 px): a title and a line under it on the left, an amount on the right. */
import type { ReactNode } from 'react';
import styles from './salary.module.css';

export function RowButton(props: {
  title: ReactNode;
  meta?: ReactNode;
  amount?: ReactNode;
  onClick: () => void;
  className?: string;
  testId?: string;
  /** Title and line are the school's words (a project, a department): kept as written in any language. */
  userData?: boolean;
}) {
  const data = props.userData ? { 'data-user-data': true } : {};
  return (
    <button
      type="button"
      className={`${styles.rowButton} ${props.className ?? ''}`}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      <span className={styles.rowMain}>
        <span className={styles.rowTitle} {...data}>
          {props.title}
        </span>
        {props.meta ? (
          <span className={styles.rowMeta} {...data}>
            {props.meta}
          </span>
        ) : null}
      </span>
      {props.amount ? <span className={styles.rowAmount}>{props.amount}</span> : null}
      <span className={styles.chevron} aria-hidden="true">
        ›
      </span>
    </button>
  );
}
