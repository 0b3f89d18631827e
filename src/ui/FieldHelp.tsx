import type { ReactNode } from 'react';
import { FieldError, Text } from 'react-aria-components';
import styles from './Field.module.css';

/** Field errors arrive as lists (conform, the API's 422 body); a field shows the first. */
export type ErrorMessage = string | readonly string[] | null | undefined;

export function firstError(errorMessage: ErrorMessage): string | undefined {
  if (typeof errorMessage === 'string') return errorMessage || undefined;
  return errorMessage?.find((message) => message.length > 0);
}

export interface FieldHelpProps {
  description?: ReactNode;
  /** The first error, already picked; shown when the field is invalid. */
  error?: string;
}

/** Description and error under a react-aria field, wired to the control by aria-describedby. */
export function FieldHelp({ description, error }: FieldHelpProps) {
  return (
    <>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{error}</FieldError>
    </>
  );
}
