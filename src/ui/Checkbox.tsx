import type { ReactNode } from 'react';
import { CheckboxButton, CheckboxField, type CheckboxFieldProps } from 'react-aria-components';
import styles from './Checkbox.module.css';
import { cx } from './cx';
import { type ErrorMessage, FieldHelp, firstError } from './FieldHelp';
import { useReadOnlyFields } from './forms/ReadOnlyFieldset';

export interface CheckboxProps
  extends Omit<CheckboxFieldProps, 'children' | 'className' | 'style' | 'validationBehavior'> {
  /** The visible label. Without one, pass aria-label ('Select Jane Doe'). */
  children?: ReactNode;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  className?: string;
}

/**
 * A checkbox with an optional label, description and error. Inside a react-aria CheckboxGroup it
 * takes part in the group (pass value). Posts `value` (default 'on') under `name` when ticked.
 */
export function Checkbox({
  children,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: CheckboxProps) {
  const error = firstError(errorMessage);
  // Among fields for reading only (forms/ReadOnlyFieldset), wherever it is drawn from.
  const readOnly = useReadOnlyFields();
  return (
    <CheckboxField
      {...props}
      isDisabled={props.isDisabled || readOnly}
      isInvalid={isInvalid || error !== undefined}
      validationBehavior="aria"
      className={cx(styles.field, className)}
    >
      {({ isIndeterminate }) => (
        <>
          {/* Without words beside it (Select all), the box's own label is the 24 px target. */}
          <CheckboxButton className={cx(styles.button, children ? undefined : styles.native)}>
            <span className={styles.box}>
              <CheckMark indeterminate={isIndeterminate} />
            </span>
            {children}
          </CheckboxButton>
          {description || error ? <FieldHelp description={description} error={error} /> : null}
        </>
      )}
    </CheckboxField>
  );
}

/** The tick (or, for a partly selected group, the dash) in a checkbox's box. */
export function CheckMark({ indeterminate = false }: { indeterminate?: boolean }) {
  return (
    <svg className={styles.mark} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      {indeterminate ? (
        <path d="M2.5 6h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path
          d="M2.5 6.2 5 8.5l4.5-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
