import type { ReactNode } from 'react';
import { ProgressBarContext, useSlottedContext } from 'react-aria-components';
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
 * Inside a Button with isPending, the button names it by the id it hands down (ProgressBarContext), so
 * the pending state is announced. An indeterminate progress bar has no value to format, so this is
 * drawn by hand rather than with react-aria's ProgressBar, whose number formatting would load with
 * the first screen.
 */
export function Loader({
  label = 'Loading',
  size = 'sm',
  showLabel,
  message,
  block,
  className,
}: LoaderProps) {
  const fromButton = useSlottedContext(ProgressBarContext);
  return (
    <span
      role="progressbar"
      id={fromButton?.id}
      aria-label={label}
      className={cx(styles.loader, block && styles.block, className)}
    >
      <span className={cx(styles.spinner, styles[size])} />
      {showLabel ? <span className={styles.label}>{label}</span> : null}
      {message ? <span className={styles.message}>{message}</span> : null}
    </span>
  );
}
