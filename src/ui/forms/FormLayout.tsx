import type { ReactNode } from 'react';
import styles from './FormLayout.module.css';

/** A form's fields in a card, with its actions at the foot. */
export function FormLayout({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <div className={styles.card}>
      <div className={styles.fields}>{children}</div>
      <div className={styles.actions}>{actions}</div>
    </div>
  );
}
