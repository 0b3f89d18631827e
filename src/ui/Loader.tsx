import type { ReactNode } from 'react';
import { ProgressBar } from 'react-aria-components';
import { cx } from './cx';
import styles from './Loader.module.css';

export interface LoaderProps {
  /** Read by screen readers, and shown when showLabel is set. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Show the label beside the spinner. */
  showLabel?: boolean;
  /** A longer explanation under a block loader (e.g. an export running in the background). */
  message?: ReactNode;
  /** Centre it in its own block (detail screens, forms) instead of inline. */
  block?: boolean;
  className?: string;
}

/**
 * A busy indicator for buttons, forms and detail screens. Lists use skeletons instead.
 * Inside a Button with isPending, react-aria links it to the button so the pending state is announced.
 */
export function Loader({
  label = 'Loading',
  size = 'sm',
  showLabel,
  message,
  block,
  className,
}: LoaderProps) {
  return (
    <ProgressBar
      isIndeterminate
      aria-label={label}
      className={cx(styles.loader, block && styles.block, className)}
    >
      <span className={cx(styles.spinner, styles[size])} />
      {showLabel ? <span className={styles.label}>{label}</span> : null}
      {message ? <span className={styles.message}>{message}</span> : null}
    </ProgressBar>
  );
}
