import type { ReactNode } from 'react';
import { SwitchButton, SwitchField, type SwitchFieldProps } from 'react-aria-components';
import { cx } from './cx';
import { type ErrorMessage, FieldHelp, firstError } from './FieldHelp';
import { useReadOnlyFields } from './forms/ReadOnlyFieldset';
import styles from './Switch.module.css';

export interface SwitchProps
  extends Omit<SwitchFieldProps, 'children' | 'className' | 'style' | 'validationBehavior'> {
  /** The visible label ('Live'). Without one, pass aria-label. */
  children?: ReactNode;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  className?: string;
}

/** An on/off switch. Posts `value` (default 'on') under `name` when on. */
export function Switch({
  children,
  description,
  errorMessage,
  className,
  isInvalid,
  isRequired,
  ...props
}: SwitchProps) {
  const error = firstError(errorMessage);
  // Among fields for reading only (forms/ReadOnlyFieldset), wherever it is drawn from.
  const readOnly = useReadOnlyFields();
  return (
    <SwitchField
      {...props}
      isDisabled={props.isDisabled || readOnly}
      isRequired={isRequired}
      isInvalid={isInvalid || error !== undefined}
      validationBehavior="aria"
      className={cx(styles.field, className)}
    >
      <SwitchButton className={styles.button}>
        <span className={styles.track}>
          <span className={styles.thumb} />
        </span>
        {children}
        {children && isRequired ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </SwitchButton>
      {description || error ? <FieldHelp description={description} error={error} /> : null}
    </SwitchField>
  );
}
