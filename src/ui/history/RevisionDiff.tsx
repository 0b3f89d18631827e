import type { BlockChange, FieldChange, RecordDiff } from '@/shared/history/diff';
import styles from './History.module.css';
import { WordMarks } from './WordMarks';

/** A field's text in the older and the newer version, with the words that changed marked. */
function FieldChanges({ changes }: { changes: readonly FieldChange[] }) {
  return (
    <dl className={styles.fields}>
      {changes.map((change) => (
        <div key={change.path} className={styles.field}>
          <dt className={styles.fieldLabel}>{change.label}</dt>
          <dd className={styles.sides}>
            <span className={styles.side}>
              <span className={styles.sideLabel}>This version: </span>
              {change.before === '' ? <em>empty</em> : <WordMarks segments={change.words} side="before" />}
            </span>
            <span aria-hidden="true" className={styles.arrow}>
              →
            </span>
            <span className={styles.side}>
              <span className={styles.sideLabel}>Current: </span>
              {change.after === '' ? <em>empty</em> : <WordMarks segments={change.words} side="after" />}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const place = (at: number) => `position ${at + 1}`;

/** What happened to one block, in words. */
function blockSummary(change: BlockChange): string {
  switch (change.kind) {
    case 'added':
      return `Added: ${change.name} (${place(change.at)})`;
    case 'removed':
      return `Removed: ${change.name} (was at ${place(change.at)})`;
    case 'moved':
      return `Moved: ${change.name} (from ${place(change.from)} to ${place(change.at)})`;
    case 'movedAndEdited':
      return `Moved and edited: ${change.name} (from ${place(change.from)} to ${place(change.at)})`;
    case 'edited':
      return `Edited: ${change.name} (${place(change.at)})`;
  }
}

/** Which fields and blocks differ between a revision and the current version. */
export function RevisionDiff({ diff }: { diff: RecordDiff }) {
  if (diff.fields.length === 0 && diff.blocks.length === 0) {
    return <p className={styles.note}>This version is the same as the current one.</p>;
  }
  return (
    <div className={styles.diff}>
      <p className={styles.note}>
        Struck-through words are only in this version; underlined words are only in the current one.
      </p>
      {diff.fields.length > 0 ? (
        <section aria-labelledby="history-fields">
          <h3 id="history-fields" className={styles.subheading}>
            Fields changed
          </h3>
          <FieldChanges changes={diff.fields} />
        </section>
      ) : null}
      {diff.blocks.length > 0 ? (
        <section aria-labelledby="history-blocks">
          <h3 id="history-blocks" className={styles.subheading}>
            Blocks changed
          </h3>
          <ul className={styles.blocks}>
            {diff.blocks.map((change, i) => (
              // Block changes have no identity beyond their order in this comparison.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole for each comparison
              <li key={i} className={styles.block} data-kind={change.kind}>
                <span className={styles.blockSummary}>{blockSummary(change)}</span>
                {'fields' in change && change.fields.length > 0 ? (
                  <FieldChanges changes={change.fields} />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
