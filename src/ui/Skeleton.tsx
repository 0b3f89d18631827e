import type { CSSProperties } from 'react';
import { cx } from './cx';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** CSS length or px number; defaults to the full width. */
  width?: string | number;
  /** CSS length or px number; defaults to one line of text. */
  height?: string | number;
  round?: boolean;
  className?: string;
}

const length = (value: string | number | undefined) => (typeof value === 'number' ? `${value}px` : value);

/**
 * A grey placeholder in the shape of content that is loading. Hidden from screen readers: the
 * region that is loading says so (aria-busy).
 */
export function Skeleton({ width, height, round, className }: SkeletonProps) {
  const style = { '--skeleton-width': length(width), '--skeleton-height': length(height) } as CSSProperties;
  return (
    <span
      aria-hidden="true"
      className={cx(styles.skeleton, round && styles.round, className)}
      style={style}
    />
  );
}
