import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { ApiError } from '@/api/client';
import type { StoredFile } from '@/api/contract/common';
import { Button } from './Button';
import { cx } from './cx';
import fieldStyles from './Field.module.css';
import { type ErrorMessage, firstError } from './FieldHelp';
import styles from './FileField.module.css';
import { Icon } from './Icon';
import { IconButton } from './IconButton';
import { toast } from './toasts';

export interface FileFieldProps {
  label: string;
  /** The stored paths post with the form: one file under `name`, several as `name[0]`, `name[1]`... */
  name?: string;
  /** The control is disabled once this many files are attached (spec §5: 1 for every field so far). */
  maxFiles?: number;
  /** Comma-separated types for the file picker ('image/png,image/jpeg' or '.xlsx'). */
  accept?: string;
  /** Controlled list of attached files. */
  files?: readonly StoredFile[];
  /** Uncontrolled first list (conform's defaultValue). */
  defaultFiles?: readonly StoredFile[];
  onChange?: (files: StoredFile[]) => void;
  /** Stores one file and answers its path and name; a rejection shows on the field. */
  onUpload: (file: File) => Promise<StoredFile>;
  /**
   * Told of a failed upload. By default the server's message goes to an error toast (spec §8); the
   * field always shows the file's own error (the 422 `errors.file[0]`), or that message.
   */
  onUploadError?: (error: unknown) => void;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Marks the field invalid (for styling); the message comes from errorMessage. */
  isInvalid?: boolean;
  id?: string;
  /** Where a stored path can be fetched from, for thumbnails (defaults to the path itself). */
  fileUrl?: (path: string) => string;
  className?: string;
}

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|bmp|ico)$/i;

/** The field shows a refused upload's first file error (422 `errors.file[0]`); the toast its message. */
function uploadErrorText(error: unknown): { field: string; toast: string } {
  const fallback = 'The file could not be uploaded.';
  if (!(error instanceof Error)) return { field: fallback, toast: fallback };
  const message = error.message || fallback;
  const fileError = error instanceof ApiError ? error.errors.file?.[0] : undefined;
  return { field: fileError ?? message, toast: message };
}

/**
 * Attaches files by uploading each as soon as it is picked; the form then posts the stored paths.
 * Shows thumbnails for images, a remove button per file, an uploading state, and the first error.
 */
export function FileField({
  label,
  name,
  maxFiles = 1,
  accept,
  files,
  defaultFiles = [],
  onChange,
  onUpload,
  onUploadError,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  isInvalid,
  id: fieldId,
  fileUrl = (path) => path,
  className,
}: FileFieldProps) {
  const id = useId();
  const [ownFiles, setOwnFiles] = useState<readonly StoredFile[]>(defaultFiles);
  const [uploading, setUploading] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** What the live region last said: an upload or removal that finished. */
  const [status, setStatus] = useState<string | null>(null);
  /** Where focus goes once the list shows the change: a file's entry, or the upload button. */
  const [focusTarget, setFocusTarget] = useState<{ path: string | null } | null>(null);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const current = files ?? ownFiles;
  const atLimit = current.length >= maxFiles;
  const error = uploadError ?? firstError(errorMessage);

  const update = (next: StoredFile[]) => {
    if (files === undefined) setOwnFiles(next);
    onChange?.(next);
  };

  // After an upload focus goes to the new file's Remove button; after a removal to the next file's,
  // or to the upload button when none is left, so focus never falls to the page.
  useEffect(() => {
    if (!focusTarget) return;
    const root = fieldsetRef.current;
    const entry = focusTarget.path
      ? Array.from(root?.querySelectorAll<HTMLElement>('[data-file-path]') ?? []).find(
          (li) => li.dataset.filePath === focusTarget.path,
        )
      : null;
    const target =
      entry?.querySelector<HTMLElement>('button') ?? root?.querySelector<HTMLElement>('[data-upload]');
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const pick = async (list: FileList | null) => {
    const picked = Array.from(list ?? []).slice(0, Math.max(0, maxFiles - current.length));
    if (picked.length === 0) return;
    setUploadError(null);
    setStatus(null);
    let next = [...current];
    try {
      for (const file of picked) {
        setUploading(file.name);
        const stored = await onUpload(file);
        next = [...next, stored];
        update(next);
        setStatus(`Uploaded ${stored.name}.`);
        setFocusTarget({ path: stored.path });
      }
    } catch (failure) {
      const text = uploadErrorText(failure);
      setUploadError(text.field);
      if (onUploadError) onUploadError(failure);
      else toast.error(text.toast);
    } finally {
      setUploading(null);
    }
  };

  const remove = (path: string) => {
    setUploadError(null);
    const index = current.findIndex((file) => file.path === path);
    const removed = current[index];
    const next = current.filter((file) => file.path !== path);
    update(next);
    if (removed) setStatus(`Removed ${removed.name}.`);
    setFocusTarget({ path: next[Math.min(index, next.length - 1)]?.path ?? null });
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const plural = maxFiles > 1;
  const hint = atLimit
    ? plural
      ? `At most ${maxFiles} files. Remove one to upload another.`
      : 'Remove the current file to upload another.'
    : null;
  const describedBy = [description || hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset
      ref={fieldsetRef}
      id={fieldId}
      aria-describedby={describedBy || undefined}
      className={cx(styles.field, className)}
      data-disabled={isDisabled || atLimit || undefined}
      data-invalid={isInvalid || error !== undefined || undefined}
    >
      <legend className={fieldStyles.label}>
        {label}
        {isRequired ? (
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      {current.length > 0 ? (
        <ul className={styles.files}>
          {current.map((file, index) => (
            <li key={file.path} className={styles.file} data-file-path={file.path}>
              {IMAGE.test(file.path) ? (
                <img className={styles.thumb} src={fileUrl(file.path)} alt="" loading="lazy" />
              ) : (
                <span className={cx(styles.thumb, styles.thumbIcon)}>
                  <Icon name="pages" size="lg" />
                </span>
              )}
              <span className={styles.name} title={file.name}>
                {file.name}
              </span>
              <IconButton
                icon="trash"
                label={`Remove ${file.name}`}
                variant="danger"
                size="sm"
                isDisabled={isDisabled || uploading !== null}
                onPress={() => remove(file.path)}
              />
              {name ? (
                <input type="hidden" name={plural ? `${name}[${index}]` : name} value={file.path} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.actions}>
        <FileTrigger
          acceptedFileTypes={accept ? accept.split(',').map((type) => type.trim()) : undefined}
          allowsMultiple={maxFiles - current.length > 1}
          onSelect={(list) => {
            void pick(list);
          }}
        >
          <Button
            data-upload
            icon="upload"
            size="sm"
            isDisabled={isDisabled || atLimit}
            isPending={uploading !== null}
            aria-describedby={describedBy || undefined}
          >
            {plural ? 'Upload files' : 'Upload file'}
          </Button>
        </FileTrigger>
        <span className={styles.uploading} aria-live="polite">
          {uploading !== null ? `Uploading ${uploading}…` : status}
        </span>
      </div>
      {description || hint ? (
        <span id={hintId} className={fieldStyles.description}>
          {description}
          {description && hint ? ' ' : null}
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
