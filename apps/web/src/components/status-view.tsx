import type { ReactNode } from 'react';
import styles from './status-view.module.css';

interface StatusViewProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons under the text. */
  children?: ReactNode;
  role?: 'alert' | 'status';
  testId?: string;
}

/** A centred title, text and actions: errors, empty and "coming soon" screens (no heavy images). */
export function StatusView({ title, description, children, role, testId }: StatusViewProps) {
  return (
    <section className={styles.view} role={role} data-testid={testId}>
      <h2 className={styles.title}>{title}</h2>
      {description ? <p className={styles.description}>{description}</p> : null}
      {children ? <div className={styles.actions}>{children}</div> : null}
    </section>
  );
}
