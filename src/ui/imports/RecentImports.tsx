import { useEffect, useState } from 'react';
import type { ImportProgress } from '@/api/contract/imports';
import { IconButton } from '../IconButton';
import { JobProgress } from '../JobProgress';
import styles from './RecentImports.module.css';

export interface RecentImportsProps {
  /** The imports of this list's kind still running, or finished lately (imports?kind=). */
  load: () => Promise<ImportProgress[]>;
  /** 'pages' or 'forms'. */
  nouns: string;
  /** Told when an import has finished, so the list can show what it created. */
  onFinished?: () => void;
}

const FOLLOW_EVERY_MS = 1000;
const finished = (item: ImportProgress) => item.status !== 'queued' && item.status !== 'running';
const failed = (item: ImportProgress) => item.status === 'rejected' || item.status === 'failed';

/** Finished imports the user has put away, kept per browser so they stay away after a reload. */
const DISMISSED_KEY = 'imports.dismissed';

function readDismissed(): Set<number> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

function writeDismissed(ids: Set<number>): void {
  try {
    // The most recent hundred are plenty: the list only ever shows recent imports.
    localStorage.setItem(DISMISSED_KEY, JSON.stringify([...ids].slice(-100)));
  } catch {
    // Storage full or disabled: the panel is dismissed for this visit only.
  }
}

function describe(item: ImportProgress, nouns: string): { percent: number; text: string } {
  switch (item.status) {
    case 'queued':
      return { percent: 0, text: 'Waiting to start…' };
    case 'running':
      return item.rows_total === null
        ? { percent: 0, text: 'Reading the sheet…' }
        : {
            percent: item.rows_total ? (item.rows_done / item.rows_total) * 100 : 0,
            text: `Checked ${item.rows_done.toLocaleString('en-GB')} of ${item.rows_total.toLocaleString('en-GB')} rows`,
          };
    case 'done':
      return {
        percent: 100,
        text: `Imported: ${item.created.toLocaleString('en-GB')} ${item.created === 1 ? nouns.replace(/s$/, '') : nouns} created.`,
      };
    case 'rejected':
      return {
        percent: 100,
        text: `Nothing was imported: ${item.rejected} ${item.rejected === 1 ? 'row was' : 'rows were'} rejected. The e-mail lists each row and why.`,
      };
    default:
      return {
        percent: 0,
        text: item.will_retry
          ? 'The import stopped with an error; it will be tried again.'
          : 'The import stopped with an error and will not be tried again. Import the file again once the problem is put right.',
      };
  }
}

/**
 * The imports behind a list (spec: the console shows a job's progress): a bar per import while it
 * runs, then what it created or why it created nothing. Follows them until all have finished.
 */
export function RecentImports({ load, nouns, onFinished }: RecentImportsProps) {
  const [items, setItems] = useState<ImportProgress[]>([]);
  const [dismissed, setDismissed] = useState(readDismissed);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = new Set<number>();
    const read = () =>
      load().then(
        (next) => {
          if (!live) return;
          setItems(next);
          const now = new Set(next.filter((item) => !finished(item)).map((item) => item.id));
          if ([...running].some((id) => !now.has(id))) onFinished?.();
          running = now;
          if (now.size > 0) timer = setTimeout(read, FOLLOW_EVERY_MS);
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
  }, [load, onFinished]);

  const shown = items.filter((item) => !dismissed.has(item.id));
  const dismiss = (id: number) => {
    const next = new Set(dismissed).add(id);
    writeDismissed(next);
    setDismissed(next);
    // The panel that held focus is gone: focus goes to the next one, or the list's heading.
    const after = shown[shown.findIndex((item) => item.id === id) + 1];
    requestAnimationFrame(() => {
      const target =
        (after && document.getElementById(`import-${after.id}`)) ||
        document.querySelector<HTMLElement>('main[tabindex]');
      target?.focus();
    });
  };

  if (shown.length === 0) return null;
  return (
    <section className={styles.imports} aria-label="Imports">
      <ul className={styles.list}>
        {shown.map((item) => {
          const { percent, text } = describe(item, nouns);
          return (
            <li
              key={item.id}
              className={styles.item}
              data-status={item.status}
              id={`import-${item.id}`}
              tabIndex={-1}
            >
              <span className={styles.head}>
                <span className={styles.file}>{item.filename}</span>
                {finished(item) ? (
                  <IconButton
                    icon="close"
                    size="sm"
                    label={`Dismiss the import of ${item.filename}`}
                    onPress={() => dismiss(item.id)}
                  />
                ) : null}
              </span>
              <JobProgress
                label={`Import of ${item.filename}`}
                percent={percent}
                valueLabel={text}
                tone={failed(item) ? 'failed' : 'normal'}
              />
              {item.status === 'failed' && item.error ? <p className={styles.error}>{item.error}</p> : null}
              {item.rejections.length > 0 ? (
                <ul className={styles.rejections} aria-label={`Rows rejected from ${item.filename}`}>
                  {item.rejections.map((r) => (
                    <li key={`${r.row}-${r.column}`}>
                      Row {r.row}, column {r.column}: {r.reason}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
