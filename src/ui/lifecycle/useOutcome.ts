import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { announce } from '../announce';
import { focusRowControl, rowActionOf } from '../focus/rowFocus';

/** What a finished action did to its rows. */
export type OutcomeKind = 'binned' | 'deleted' | 'restored';

const verbs: Record<OutcomeKind, string> = {
  binned: 'moved to the bin',
  deleted: 'deleted forever',
  restored: 'restored',
};

/**
 * The sentence a screen reader hears when an action is done: the record by name when it was one
 * whose name is known ('Kia moved to the bin'), a count otherwise ('2 brands restored').
 */
export function outcomeMessage(
  kind: OutcomeKind,
  count: number,
  names: readonly string[],
  nouns: { one: string; many: string },
): string {
  if (count === 1 && names.length === 1) return `${names[0]} ${verbs[kind]}`;
  return `${count} ${count === 1 ? nouns.one : nouns.many} ${verbs[kind]}`;
}

/**
 * Where focus goes once the list has its rows again: in the row that took the place of the first one
 * acted on (the last row when the end of the page went), the same action as the one used (its Delete
 * after a Delete), or the row's checkbox after a bulk action; the search box when nothing is left.
 */
function focusAfterChange(root: HTMLElement, index: number, action: string | null): void {
  const rows = [...root.querySelectorAll('[role="tabpanel"] tbody tr')];
  if (focusRowControl(rows, index, action)) return;
  const target =
    root.querySelector<HTMLElement>('input[type="search"]') ??
    root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  target?.focus();
}

export interface Outcome<T extends { id: number }> {
  /** Holds the list: focus is looked for inside it. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** The names of the rows with these ids that are on screen. */
  labels: (ids: readonly number[]) => string[];
  /**
   * Runs an action on rows; when it succeeds, says what happened and, once the list shows its new rows,
   * puts focus on the row that took their place. A failure passes through untouched.
   */
  after: <R>(kind: OutcomeKind, ids: readonly number[], action: Promise<R>) => Promise<R>;
  /**
   * The rows on screen, the row action focus was last on (null when it was elsewhere in the list),
   * and a focus move still waiting for new rows (see useOutcomeFocus).
   */
  state: {
    rows: readonly T[];
    lastAction: string | null;
    pendingFocus: { index: number; action: string | null; rowsBefore: readonly T[] } | null;
  };
}

/**
 * Announces what delete, restore and the bulk actions did. The functions are stable, so a machine
 * that keeps the actors it was first given still reaches the rows shown now.
 */
export function useOutcome<T extends { id: number }>(
  nouns: { one: string; many: string },
  rowLabel: (row: T) => string,
): Outcome<T> {
  const latest = useRef({ nouns, rowLabel });
  latest.current = { nouns, rowLabel };
  const rootRef = useRef<HTMLDivElement | null>(null);

  return useMemo<Outcome<T>>(() => {
    const state: Outcome<T>['state'] = { rows: [], lastAction: null, pendingFocus: null };
    const labels = (ids: readonly number[]) =>
      ids.flatMap((id) => {
        const row = state.rows.find((candidate) => candidate.id === id);
        return row ? [latest.current.rowLabel(row)] : [];
      });
    return {
      rootRef,
      labels,
      state,
      after: async (kind, ids, action) => {
        const names = labels(ids);
        const positions = ids
          .map((id) => state.rows.findIndex((row) => row.id === id))
          .filter((at) => at >= 0);
        // The confirm holds focus by now: the action is the row's control that opened it.
        const used = state.lastAction;
        const result = await action;
        announce(outcomeMessage(kind, ids.length, names, latest.current.nouns));
        state.pendingFocus = {
          index: positions.length > 0 ? Math.min(...positions) : 0,
          action: used,
          rowsBefore: state.rows,
        };
        return result;
      },
    };
  }, []);
}

/**
 * Keeps focus off the page body when the row (or the bulk bar) that held it goes away: once the list
 * shows new rows after an action, focus moves to the row that took the acted-on row's place.
 */
export function useOutcomeFocus<T extends { id: number }>(outcome: Outcome<T>, rows: readonly T[]): void {
  outcome.state.rows = rows;
  useEffect(() => {
    const root = outcome.rootRef.current;
    if (!root) return;
    const noteFocus = (event: FocusEvent) => {
      outcome.state.lastAction = rowActionOf(event.target as Element | null);
    };
    root.addEventListener('focusin', noteFocus);
    return () => root.removeEventListener('focusin', noteFocus);
  }, [outcome]);
  useEffect(() => {
    const pending = outcome.state.pendingFocus;
    if (!pending || rows === pending.rowsBefore || !outcome.rootRef.current) return;
    outcome.state.pendingFocus = null;
    focusAfterChange(outcome.rootRef.current, pending.index, pending.action);
  }, [outcome, rows]);
}
