import type { ReactNode } from 'react';
import styles from './BulkBar.module.css';
import { cx } from './cx';

export interface BulkBarProps {
  count: number;
  /** The bulk actions (Buttons): they decide for themselves whether 0 selected disables them. */
  children?: ReactNode;
  label?: string;
  className?: string;
}

/** '<n> selected' with the bulk actions; the count is announced politely as it changes. */
export function BulkBar({ count, children, label = 'Bulk actions', className }: BulkBarProps) {
  return (
    <section aria-label={label} className={cx(styles.bar, count > 0 && styles.active, className)}>
      <span className={styles.count} aria-live="polite">
        {count} selected
      </span>
      {children}
    </section>
  );
}
