import type { ReactNode } from 'react';
import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
} from 'react-aria-components';
import { cx } from './cx';
import styles from './Field.module.css';
import { type ErrorMessage, FieldHelp, firstError } from './FieldHelp';
import { FieldLabel } from './FieldLabel';

export interface TextFieldFrameProps
  extends Omit<AriaTextFieldProps, 'children' | 'className' | 'style' | 'validationBehavior'> {
  label: string;
  description?: ReactNode;
  /** A message or a list of them (the first shows); any message makes the field invalid. */
  errorMessage?: ErrorMessage;
  hideLabel?: boolean;
  className?: string;
}

/**
 * Label, control and help of a text-like field: the one place their wiring lives. Errors come from
 * the form (conform) or the server, never from the browser's own validation, so they all read alike.
 */
export function TextFieldFrame({
  label,
  description,
  errorMessage,
  hideLabel,
  className,
  isInvalid,
  isRequired,
  children,
  ...props
}: TextFieldFrameProps & { children: ReactNode }) {
  const error = firstError(errorMessage);
  return (
    <AriaTextField
      {...props}
      isRequired={isRequired}
      isInvalid={isInvalid || error !== undefined}
      validationBehavior="aria"
      className={cx(styles.field, className)}
    >
      <FieldLabel isRequired={isRequired} isHidden={hideLabel}>
        {label}
      </FieldLabel>
      {children}
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

export interface TextFieldProps extends TextFieldFrameProps {
  placeholder?: string;
}

/** A labelled text input (type text, email, password, tel, url...). */
export function TextField({ placeholder, ...props }: TextFieldProps) {
  return (
    <TextFieldFrame {...props}>
      <Input className={styles.control} placeholder={placeholder} />
    </TextFieldFrame>
  );
}

export interface TextAreaProps extends Omit<TextFieldFrameProps, 'type'> {
  placeholder?: string;
  rows?: number;
}

/** A labelled multi-line text input. */
export function TextArea({ placeholder, rows = 4, ...props }: TextAreaProps) {
  return (
    <TextFieldFrame {...props}>
      <AriaTextArea className={styles.control} placeholder={placeholder} rows={rows} />
    </TextFieldFrame>
  );
}
