import { lazy, type ReactNode, Suspense, useId, useRef } from 'react';
import { cx } from './cx';
import fieldStyles from './Field.module.css';
import { type ErrorMessage, firstError } from './FieldHelp';
import { useReadOnlyFields } from './forms/ReadOnlyFieldset';
import styles from './RichTextField.module.css';
import { Skeleton } from './Skeleton';

// The editor (tiptap, turndown, marked) is a large chunk: it loads with the first screen that shows one.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export interface RichTextFieldProps {
  label: string;
  /** The markdown posts with the form under this name. */
  name: string;
  id?: string;
  /** Stored markdown to start from. */
  defaultValue?: string;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  isRequired?: boolean;
  isInvalid?: boolean;
  /**
   * Shown and not changed. A form the user may only read (forms/ReadOnlyFieldset) makes it so too:
   * the browser disables a fieldset's inputs, but not the editor's editable text.
   */
  isReadOnly?: boolean;
  /** Told the markdown after an edit (at most every 300 ms while typing, and on leaving the editor). */
  onChange?: (markdown: string) => void;
  className?: string;
}

/**
 * Rich text edited with formatting (tiptap) and stored as markdown (turndown). The markdown sits in a
 * hidden input, so the field posts with its form like any other, also before the editor has loaded.
 */
export function RichTextField({
  label,
  name,
  id,
  defaultValue = '',
  description,
  errorMessage,
  isRequired,
  isInvalid,
  isReadOnly = false,
  onChange,
  className,
}: RichTextFieldProps) {
  const readOnly = useReadOnlyFields() || isReadOnly;
  const ownId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = `${ownId}-label`;
  const descriptionId = `${ownId}-description`;
  const errorId = `${ownId}-error`;
  const error = firstError(errorMessage);
  const invalid = Boolean(isInvalid || error);
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cx(fieldStyles.field, className)} data-invalid={invalid || undefined}>
      <span id={labelId} className={fieldStyles.label}>
        {label}
        {isRequired ? (
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      <input ref={inputRef} type="hidden" id={id} name={name} defaultValue={defaultValue} />
      <Suspense
        fallback={
          <div className={styles.loading} role="status" aria-label={`Loading the ${label} editor`}>
            <Skeleton height={28} />
            <Skeleton width="80%" />
            <Skeleton width="60%" />
          </div>
        }
      >
        <RichTextEditor
          label={label}
          labelId={labelId}
          describedBy={describedBy || undefined}
          isInvalid={invalid}
          isRequired={isRequired}
          isReadOnly={readOnly}
          initialMarkdown={defaultValue}
          input={inputRef}
          onChange={onChange}
        />
      </Suspense>
      {description ? (
        <span id={descriptionId} className={fieldStyles.description}>
          {description}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
