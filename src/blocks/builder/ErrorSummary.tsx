import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styles from './BuilderFrame.module.css';
import { withoutDataPrefix } from './itemKeys';
import { type BuilderActor, useFieldErrors } from './useBuilderActor';
import { focusBlockAt } from './useRowWindow';

/** 'items.3.sections...' is the fourth block's: its place in the list. */
const blockAt = (path: string): number | null => {
  const found = /^items\.(\d+)\./.exec(path);
  return found ? Number(found[1]) : null;
};

/** Moves focus to what an error is about: the page's field, or the block's Edit button. */
function focusProblem(path: string): void {
  const at = blockAt(path);
  if (at !== null) {
    // On a long page the block may not be in the document yet: the list brings it in first.
    focusBlockAt(at);
    return;
  }
  // The field's input by its name, or whatever can take focus inside the element of its id (a select's button).
  const byName = document.querySelector<HTMLElement>(`[name="${CSS.escape(path)}"]:not([type="hidden"])`);
  const byId = document.getElementById(`builder-${path}`);
  const focusable = 'input:not([type="hidden"]), textarea, button, [tabindex]:not([tabindex="-1"])';
  const field = byName ?? (byId?.matches(focusable) ? byId : byId?.querySelector<HTMLElement>(focusable));
  field?.focus();
}

/**
 * After a refused save, a summary of what to fix (the GOV.UK pattern): it takes focus and is read
 * out, and each entry moves focus to its field or block. The errors are keyed by the saved record's
 * paths ('meta.title', 'items.2.sections.intro.fields.title').
 */
export function ErrorSummary({ actor }: { actor: BuilderActor }) {
  const failed = useSelector(actor, (s) => s.matches({ page: { ready: 'failed' } }));
  // The machine's own object: a new one only when a save is refused again.
  const refused = useFieldErrors(actor);
  const entries = Object.entries(withoutDataPrefix(refused));
  const summary = useRef<HTMLDivElement>(null);
  // Each refused save brings new errors: focus comes here, off the Save button.
  useEffect(() => {
    if (failed && Object.keys(refused).length > 0) summary.current?.focus();
  }, [failed, refused]);
  if (!failed || entries.length === 0) return null;
  return (
    <div
      ref={summary}
      role="alert"
      tabIndex={-1}
      aria-labelledby="builder-error-summary"
      className={styles.errorSummary}
    >
      <h2 id="builder-error-summary" className={styles.errorSummaryTitle}>
        There is a problem
      </h2>
      <ul>
        {entries.map(([path, message]) => {
          const at = blockAt(path);
          return (
            <li key={path}>
              {/* A button, not a link to #id: a link would be taken for leaving the page with unsaved work. */}
              <button type="button" className={styles.errorSummaryLink} onClick={() => focusProblem(path)}>
                {at === null ? message : `Block ${at + 1}: ${message}`}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
