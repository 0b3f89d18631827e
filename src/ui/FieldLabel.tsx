import type { ReactNode } from 'react';
import { Label } from 'react-aria-components';
import { cx } from './cx';
import styles from './Field.module.css';

export interface FieldLabelProps {
  children: ReactNode;
  /** Adds the visible required marker; the control itself carries aria-required. */
  isRequired?: boolean;
  /** Keep the label for screen readers only (a search box beside its heading). */
  isHidden?: boolean;
}

/** A field's label with the required marker ('*', hidden from screen readers, which hear 'required'). */
export function FieldLabel({ children, isRequired, isHidden }: FieldLabelProps) {
  return (
    <Label className={cx(styles.label, isHidden && 'sr-only')}>
      {children}
      {isRequired ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </Label>
  );
}
