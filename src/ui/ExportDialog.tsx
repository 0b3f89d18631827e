import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { emailField } from '@/api/contract/common';
import type { ExportProgress } from '@/api/contract/exports';
import { describeFailure } from '@/machines/errors';
import { Button } from './Button';
import styles from './ExportDialog.module.css';
import { Field } from './Field';
import { stateFieldMeta } from './formProps';
import { Icon } from './Icon';
import { JobProgress } from './JobProgress';
import { Loader } from './Loader';
import { Modal } from './Modal';

export interface ExportStarted {
  message: string;
  export_id?: number;
}

export interface ExportDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** Fields asked besides the e-mail address (the list of responses, say). */
  extraFields?: ReactNode;
  /** Starts the export; a 422's field errors show under the fields. */
  start: (email: string) => Promise<ExportStarted>;
  /** Reads how far the export has got, for the progress bar. */
  follow?: (id: number) => Promise<ExportProgress>;
  /** A field error the extra fields own (keyed like the API's errors). */
  onFieldErrors?: (errors: Record<string, string>) => void;
}

const FOLLOW_EVERY_MS = 1000;
const emailSchema = z.object({ email: emailField });

/** What the server says when it takes an export, should its answer carry no message. */
const exportStarted = (email: string) =>
  `Your export is running in the background and will be e-mailed to ${email} when it is ready. You can leave this page.`;
const EXPORT_EMAILED = 'The export has been e-mailed.';
const EXPORT_FAILED = 'The export could not be finished. Close this and try again.';

/** The bar's words while the job runs: a count only once the job knows how many rows there are. */
function progressWords(progress: ExportProgress): string {
  if (!progress.rows_total) return 'Counting the rows...';
  return `${progress.rows_done.toLocaleString('en-GB')} of ${progress.rows_total.toLocaleString('en-GB')} rows`;
}

/**
 * The export modal of spec §4: asks where to send the file, then shows that the export runs in
 * the background and will be e-mailed, so the user may leave; a progress bar follows the job.
 */
export function ExportDialog({
  isOpen,
  onClose,
  title,
  extraFields,
  start,
  follow,
  onFieldErrors,
}: ExportDialogProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [started, setStarted] = useState<ExportStarted | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  useEffect(() => {
    const id = started?.export_id;
    if (id === undefined || !follow) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      follow(id).then(
        (next) => {
          if (!live) return;
          setProgress(next);
          if (next.status !== 'done' && next.status !== 'failed') timer = setTimeout(read, FOLLOW_EVERY_MS);
        },
        () => {
          if (live) timer = setTimeout(read, FOLLOW_EVERY_MS);
        },
      );
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [started, follow]);

  // The form the user was in goes away once the export starts: focus moves to what replaced it, so
  // it is read out and Escape still reaches the dialog.
  const startedPanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (started) startedPanel.current?.focus();
  }, [started]);

  // A refused submit moves focus to the first field whose error shows, as the other forms do.
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const close = () => {
    setStarted(null);
    setProgress(null);
    setError(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = emailSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address.');
      setRefusals((n) => n + 1);
      return;
    }
    setPending(true);
    try {
      setStarted(await start(parsed.data.email));
    } catch (failure) {
      const { message, fieldErrors } = describeFailure(failure);
      const { email: emailError, ...others } = fieldErrors;
      setError(emailError ?? (Object.keys(others).length ? null : message));
      onFieldErrors?.(others);
      setRefusals((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  const finished = progress?.status === 'done' || progress?.status === 'failed';
  const percent = progress?.rows_total
    ? Math.min(100, Math.round((progress.rows_done / progress.rows_total) * 100))
    : null;

  return (
    <Modal isOpen={isOpen} onClose={close} title={title} size="sm">
      {started ? (
        <div className={styles.started} ref={startedPanel} tabIndex={-1}>
          {/* The outcome is said once, here, in a live region there from the start so it is announced;
              the bar, whose words would repeat it, gives way to it. */}
          <div role="status">
            {finished ? (
              <p className={styles.outcome}>
                <Icon name={progress.status === 'done' ? 'tick' : 'alert'} size="md" />
                {progress.status === 'done' ? EXPORT_EMAILED : EXPORT_FAILED}
              </p>
            ) : null}
          </div>
          {finished ? null : (
            <Loader block size="lg" label="Exporting" message={started.message || exportStarted(email)} />
          )}
          {progress && !finished ? (
            <JobProgress
              label="Export progress"
              percent={percent ?? 0}
              valueLabel={progressWords(progress)}
            />
          ) : null}
          <div className={styles.actions}>
            <Button onPress={close}>Close</Button>
          </div>
        </div>
      ) : (
        <form ref={form} onSubmit={submit} noValidate className={styles.form}>
          {extraFields}
          <Field
            field={stateFieldMeta('email', error, { required: true })}
            label="E-mail address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(null);
            }}
            description="The export is sent to this address."
          />
          <div className={styles.actions}>
            <Button variant="ghost" onPress={close}>
              Cancel
            </Button>
            {/* Not the button's own pending state: the form, button and all, gives way to the progress
                as soon as the export starts, and react-aria's word about a pending button would be left
                pointing at a button no longer there (an unnamed image to screen readers). */}
            {pending ? <Loader label="Starting the export" /> : null}
            <Button type="submit" variant="primary" aria-disabled={pending || undefined}>
              Export
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
