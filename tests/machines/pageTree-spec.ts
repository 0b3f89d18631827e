import type { SpecModel } from './model';

/**
 * A page tree list as spec §2, §4 and §8 describe it (/pages, /pages/children/{id}, /forms),
 * written without looking at the page tree machine: the calls the console makes and what the
 * user sees. A long list comes a page at a time (three rows a page here) and loads its next page
 * when its last rows come into view.
 */

/** Home: locked, with children. Offers: children. About: neither. Faq: on the second page. */
export const ROWS = {
  1: { id: 1, name: 'Home', locked: 1, total_children: 2 },
  2: { id: 2, name: 'Offers', locked: 0, total_children: 3 },
  3: { id: 3, name: 'About', locked: 0, total_children: 0 },
  4: { id: 4, name: 'Faq', locked: 0, total_children: 0 },
} as const;
export const PER_PAGE = 3;
export const TOTAL = 4;
/** The message every failing call answers with, and the field error a failed modal shows. */
export const FAILURE = 'That did not work.';
export const FIELD_ERROR = { parent: 'Choose another page.' };
export const DELETED = 'The page has been deleted.';
/** The id a duplicate gets. */
export const COPY = 99;
export const DUPLICATE_FIELDS = { name: 'About copy', children: true, publish_children: false };

type Call = 'load' | 'more' | 'publish' | 'remove' | 'restore' | 'move' | 'duplicate' | 'sort';

export type TreeSpecEvent =
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'list.more' }
  | { type: 'publish.ask'; id: number }
  | { type: 'delete.ask'; id: number }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'move.open'; id: number }
  | { type: 'duplicate.open'; id: number }
  | { type: 'modal.close' }
  | { type: 'move.submit'; parent: number | null }
  | { type: 'duplicate.submit'; parent: number | null }
  | { type: 'reorder'; id: number; index: number }
  | { type: 'delete.undo'; id: number }
  /** The open call answers, well or badly; `load.fixed` is a list its parent orders by date. */
  | { type: 'load.ok' }
  | { type: 'load.fixed' }
  | { type: 'call.ok' }
  | { type: 'call.fail' };

export interface TreeSpecState {
  /** The call the screen waits for. */
  open: Call | null;
  /** How many pages of rows are on screen (or asked for). */
  pages: number;
  /** The rows' ids as the list holds them; null before the first answer. */
  rows: number[] | null;
  sortable: boolean;
  failed: boolean;
  /** Why the last load failed. */
  error: string | null;
  confirm: { action: 'publish' | 'delete'; id: number } | null;
  modal: { action: 'move' | 'duplicate'; id: number } | null;
  /** What the open modal says about the last try. */
  modalError: string | null;
  fieldErrors: Record<string, string>;
  /** The place being saved for a row (shown at once, until the list comes back). */
  placing: { id: number; index: number } | null;
  /** Toasts: the delete toasts (each with Undo) and the error toasts. */
  deleted: Array<{ id: number; name: string; message: string }>;
  toasts: string[];
  /** The editor that opened (the list is gone). */
  opened: number | null;
  calls: Array<{ src: string; input: unknown }>;
}

export interface TreeSeen {
  /** The rows in the order on screen. */
  rows: number[];
  shows: string;
  /** The load failure on the list, or the reason in the open modal. */
  error: string | null;
  confirm: { action: 'publish' | 'delete'; id: number } | null;
  modal: { action: 'move' | 'duplicate'; id: number } | null;
  fieldErrors: Record<string, string>;
  deleted: Array<{ id: number; name: string; message: string }>;
  toasts: string[];
  opened: number | null;
}

const call = (s: TreeSpecState, open: Call, src: string, input: unknown): TreeSpecState => ({
  ...s,
  open,
  calls: [...s.calls, { src, input }],
});

/** Loads the pages on screen again (one answer), as after every change to the tree. */
const load = (s: TreeSpecState): TreeSpecState => ({
  ...call(s, 'load', 'load', { pages: s.pages, more: false }),
  failed: false,
});

/** The rows of the first `pages` pages. */
export const firstRows = (pages: number) => [1, 2, 3, 4].slice(0, Math.min(TOTAL, pages * PER_PAGE));

const isIdle = (s: TreeSpecState) =>
  s.open === null && !s.failed && s.rows !== null && !s.confirm && !s.modal && s.opened === null;

/** Spec §2: delete only without children, and locked pages show no delete, move or reorder. */
const row = (id: number) => ROWS[id as keyof typeof ROWS];
const deletable = (id: number) => row(id).total_children === 0 && row(id).locked === 0;

function answer(s: TreeSpecState, ok: boolean, sortable = true): TreeSpecState {
  const done = { ...s, open: null };
  const fail = (next: TreeSpecState) => ({ ...next, toasts: [...next.toasts, FAILURE] });
  switch (s.open) {
    case 'load':
      return ok
        ? { ...done, rows: firstRows(s.pages), sortable, error: null, placing: null }
        : { ...done, failed: true, error: FAILURE };
    case 'more':
      return ok ? { ...done, pages: s.pages + 1, rows: firstRows(s.pages + 1) } : fail(done);
    case 'publish':
      return ok ? load({ ...done, confirm: null }) : fail({ ...done, confirm: null });
    case 'remove': {
      if (!ok) return fail({ ...done, confirm: null });
      const id = s.confirm!.id;
      const toast = { id, name: row(id).name, message: DELETED };
      return load({ ...done, confirm: null, deleted: [...s.deleted, toast] });
    }
    case 'restore':
      return ok ? load(done) : fail(done);
    case 'move':
      return ok
        ? load({ ...done, modal: null, fieldErrors: {}, modalError: null })
        : { ...done, modalError: FAILURE, fieldErrors: FIELD_ERROR };
    case 'duplicate':
      // On success the new page's editor opens (spec §4).
      return ok
        ? { ...done, modal: null, fieldErrors: {}, modalError: null, opened: COPY }
        : { ...done, modalError: FAILURE, fieldErrors: FIELD_ERROR };
    case 'sort':
      // A failed save shows the server's order again.
      return ok ? load(done) : load(fail({ ...done, placing: null }));
    default:
      return s;
  }
}

function step(s: TreeSpecState, event: TreeSpecEvent): TreeSpecState {
  switch (event.type) {
    case 'load.ok':
      return answer(s, true);
    case 'load.fixed':
      return answer(s, true, false);
    case 'call.ok':
      return answer(s, true);
    case 'call.fail':
      return answer(s, false);
    case 'delete.undo':
      // The toast's Undo puts the page back whenever the list is not in the middle of something.
      if (s.rows !== null && (s.open === 'load' || s.failed || isIdle(s))) {
        return { ...call(s, 'restore', 'restore', { id: event.id }), failed: false };
      }
      return s;
  }
  if (s.failed) {
    return event.type === 'list.retry' || event.type === 'list.reload' ? load(s) : s;
  }
  if (s.confirm && s.open === null) {
    if (event.type === 'confirm.cancel') return { ...s, confirm: null };
    if (event.type === 'confirm.accept') {
      const src = s.confirm.action === 'publish' ? 'publish' : 'remove';
      return call(s, src, src, { id: s.confirm.id });
    }
    return s;
  }
  if (s.modal && s.open === null) {
    if (event.type === 'modal.close') return { ...s, modal: null, fieldErrors: {}, modalError: null };
    const cleared = { ...s, fieldErrors: {}, modalError: null };
    if (event.type === 'move.submit' && s.modal.action === 'move') {
      return call(cleared, 'move', 'move', { id: s.modal.id, parent: event.parent });
    }
    if (event.type === 'duplicate.submit' && s.modal.action === 'duplicate') {
      return call(cleared, 'duplicate', 'duplicate', {
        id: s.modal.id,
        parent: event.parent,
        fields: DUPLICATE_FIELDS,
      });
    }
    return s;
  }
  if (!isIdle(s)) return s;
  switch (event.type) {
    case 'list.reload':
      return load(s);
    case 'list.more':
      return s.rows!.length < TOTAL ? call(s, 'more', 'load', { pages: s.pages + 1, more: true }) : s;
    case 'publish.ask':
      return { ...s, confirm: { action: 'publish', id: event.id } };
    case 'delete.ask':
      return deletable(event.id) ? { ...s, confirm: { action: 'delete', id: event.id } } : s;
    case 'move.open':
      return row(event.id).locked ? s : { ...s, modal: { action: 'move', id: event.id } };
    case 'duplicate.open':
      return { ...s, modal: { action: 'duplicate', id: event.id } };
    case 'reorder': {
      // By hand only where the parent sorts by sort_order, never a locked page, 1..all rows.
      if (!s.sortable || row(event.id).locked || event.index < 1 || event.index > TOTAL) return s;
      const placing = { id: event.id, index: event.index };
      return { ...call(s, 'sort', 'sort', { placements: [placing] }), placing };
    }
    default:
      return s;
  }
}

function next(s: TreeSpecState): TreeSpecEvent[] {
  if (s.opened !== null) return [];
  const undo: TreeSpecEvent[] = s.deleted.length ? [{ type: 'delete.undo', id: 3 }] : [];
  if (s.open === 'load') {
    const fixed: TreeSpecEvent[] = s.rows === null ? [{ type: 'load.fixed' }] : [];
    return [{ type: 'load.ok' }, ...fixed, { type: 'call.fail' }, ...undo];
  }
  if (s.open) return [{ type: 'call.ok' }, { type: 'call.fail' }];
  if (s.failed) return [{ type: 'list.retry' }, ...undo];
  if (s.confirm) return [{ type: 'confirm.accept' }, { type: 'confirm.cancel' }];
  if (s.modal) {
    const submit: TreeSpecEvent =
      s.modal.action === 'move'
        ? { type: 'move.submit', parent: 2 }
        : { type: 'duplicate.submit', parent: null };
    return [submit, { type: 'modal.close' }];
  }
  return [
    { type: 'list.reload' },
    { type: 'list.more' },
    { type: 'publish.ask', id: 3 },
    { type: 'delete.ask', id: 1 },
    { type: 'delete.ask', id: 2 },
    { type: 'delete.ask', id: 3 },
    { type: 'move.open', id: 1 },
    { type: 'move.open', id: 3 },
    { type: 'duplicate.open', id: 2 },
    { type: 'reorder', id: 3, index: 2 },
    { type: 'reorder', id: 1, index: 3 },
    { type: 'reorder', id: 3, index: 4 },
    { type: 'reorder', id: 2, index: 5 },
    ...undo,
  ];
}

/** The rows in the order on screen: a row being placed shows at its new place at once. */
function shownOrder(s: TreeSpecState): number[] {
  const rows = s.rows ?? [];
  if (!s.placing) return rows;
  const rest = rows.filter((id) => id !== s.placing!.id);
  // A row placed beyond the rows on screen leaves them until its page loads.
  if (s.placing.index > rows.length) return rest;
  rest.splice(s.placing.index - 1, 0, s.placing.id);
  return rest;
}

function shows(s: TreeSpecState): string {
  if (s.failed) return 'failed';
  if (s.rows === null) return 'loading';
  return s.rows.length > 0 ? 'rows' : 'empty';
}

export const pageTreeSpec: SpecModel<TreeSpecState, TreeSpecEvent, TreeSeen> = {
  initial: {
    open: 'load',
    pages: 1,
    rows: null,
    sortable: true,
    failed: false,
    error: null,
    confirm: null,
    modal: null,
    modalError: null,
    fieldErrors: {},
    placing: null,
    deleted: [],
    toasts: [],
    opened: null,
    calls: [{ src: 'load', input: { pages: 1, more: false } }],
  },
  step,
  next,
  sees: (s) => ({
    rows: shownOrder(s),
    shows: shows(s),
    error: s.failed ? s.error : s.modal ? s.modalError : null,
    confirm: s.confirm,
    modal: s.modal,
    fieldErrors: s.modal ? s.fieldErrors : {},
    deleted: s.deleted,
    toasts: s.toasts,
    opened: s.opened,
  }),
  calls: (s) => s.calls,
  // Toasts pile up without changing the way forward: only whether a delete toast is there counts.
  key: ({ calls: _calls, deleted, toasts: _toasts, ...rest }) =>
    JSON.stringify({ ...rest, undo: deleted.length > 0 }),
};
