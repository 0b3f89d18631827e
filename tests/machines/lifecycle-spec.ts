import type { EventObject } from 'xstate';
import type { SpecModel } from './model';

/**
 * A list with a bin as spec §2 and §4 describe it (users, brands, dealerships), written without
 * looking at the lifecycle machine: the calls the console makes and what the user sees.
 */

/** The signed-in user's own row: no checkbox, no delete. */
export const SELF = 1;
/** What every load answers: the user, Bea and Cal active, Dee in the bin. */
export const ROWS = { all: [SELF, 2, 3], trashed: [7] } as const;
export const FAILURE = 'Server Error';

type View = 'all' | 'trashed';

export type LifecycleSpecEvent =
  | { type: 'view.all' }
  | { type: 'view.bin' }
  | { type: 'search.change'; value: string }
  | { type: 'search.clear' }
  | { type: 'page.go'; page: number }
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.all' }
  | { type: 'selection.clear' }
  | { type: 'item.delete'; id: number }
  | { type: 'bulk.delete' }
  | { type: 'item.restore'; id: number }
  | { type: 'bulk.restore' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  /** The open call answers, well or badly; or the user stops typing for 500 ms. */
  | { type: 'load.ok' }
  | { type: 'load.fail' }
  | { type: 'remove.ok' }
  | { type: 'remove.fail' }
  | { type: 'restore.ok' }
  | { type: 'restore.fail' }
  | { type: 'time.passes' };

export interface LifecycleSpecState {
  view: View;
  search: string;
  page: number;
  selection: number[];
  /** The rows the 'Hold up!' dialog is about, while it is open. */
  confirm: number[] | null;
  /** The call whose answer the screen waits for. */
  open: 'load' | 'remove' | 'restore' | null;
  /** Typed text waits for the 500 ms pause before it is searched for. */
  waiting: boolean;
  /** Some load has answered: rows are on screen. */
  loaded: boolean;
  failed: boolean;
  error: string | null;
  calls: Array<{ src: string; input: unknown }>;
}

/** What the list shows. */
export interface LifecycleSeen {
  view: View;
  search: string;
  rows: readonly number[] | null;
  selection: number[];
  dialog: boolean;
  failed: boolean;
  error: string | null;
}

const selectable = (view: View): number[] => ROWS[view].filter((id) => id !== SELF);

function load(s: LifecycleSpecState): LifecycleSpecState {
  return {
    ...s,
    open: 'load',
    waiting: false,
    failed: false,
    calls: [...s.calls, { src: 'load', input: { search: s.search, page: s.page } }],
  };
}

function call(s: LifecycleSpecState, src: 'remove' | 'restore', input: unknown): LifecycleSpecState {
  return { ...s, open: src, error: null, calls: [...s.calls, { src, input }] };
}

function answer(s: LifecycleSpecState, event: LifecycleSpecEvent): LifecycleSpecState {
  switch (event.type) {
    case 'load.ok': {
      const shown = new Set<number>(ROWS[s.view]);
      return {
        ...s,
        open: null,
        loaded: true,
        failed: false,
        error: null,
        selection: s.selection.filter((id) => shown.has(id)),
      };
    }
    case 'load.fail':
      return { ...s, open: null, failed: true, error: FAILURE };
    // Done: what was acted on leaves the selection and the list loads again.
    case 'remove.ok':
    case 'restore.ok':
      return load({ ...s, open: null, confirm: null, selection: [] });
    // Failed: the error shows and the user stays where they were, selection and all.
    case 'remove.fail':
    case 'restore.fail':
      return { ...s, open: null, confirm: null, error: FAILURE };
    default:
      return s;
  }
}

function step(s: LifecycleSpecState, event: LifecycleSpecEvent): LifecycleSpecState {
  if (event.type.includes('.ok') || event.type.includes('.fail')) {
    return s.open === event.type.split('.')[0] ? answer(s, event) : s;
  }
  if (event.type === 'time.passes') {
    return s.waiting && s.open === null && s.confirm === null ? load({ ...s, page: 1, selection: [] }) : s;
  }
  // While rows load, typing loads again with what was typed, and a tab chosen is the tab shown,
  // from page 1; nothing else acts yet.
  if (s.open === 'load' || (!s.loaded && !s.failed)) {
    if (event.type === 'search.change') return load({ ...s, search: event.value, page: 1 });
    if (event.type === 'view.all') return load({ ...s, view: 'all', page: 1, selection: [] });
    if (event.type === 'view.bin') return load({ ...s, view: 'trashed', page: 1, selection: [] });
    return s;
  }
  if (s.failed) {
    if (event.type === 'list.retry' || event.type === 'list.reload') return load(s);
    if (event.type === 'search.change') return load({ ...s, search: event.value, page: 1 });
    return s;
  }
  if (s.open !== null) return s;
  if (s.confirm !== null) {
    if (event.type === 'confirm.accept') return call(s, 'remove', { ids: s.confirm, type: s.view });
    if (event.type === 'confirm.cancel') return { ...s, confirm: null };
    return s;
  }
  switch (event.type) {
    case 'search.change':
      return { ...s, search: event.value, waiting: true };
    case 'search.clear':
      return load({ ...s, search: '', page: 1, selection: [] });
    case 'page.go':
      return load({ ...s, page: event.page, selection: [] });
    case 'view.all':
      return load({ ...s, view: 'all', page: 1, selection: [] });
    case 'view.bin':
      return load({ ...s, view: 'trashed', page: 1, selection: [] });
    case 'list.reload':
      return load(s);
    case 'selection.toggle':
      if (!selectable(s.view).includes(event.id)) return s;
      return {
        ...s,
        selection: s.selection.includes(event.id)
          ? s.selection.filter((id) => id !== event.id)
          : [...s.selection, event.id],
      };
    case 'selection.all': {
      const ids = selectable(s.view);
      return { ...s, selection: ids.every((id) => s.selection.includes(id)) ? [] : ids };
    }
    case 'selection.clear':
      return { ...s, selection: [] };
  }
  // Row and bulk actions wait while a search waits to be sent.
  if (s.waiting) return s;
  switch (event.type) {
    case 'item.delete':
      return event.id === SELF ? s : { ...s, confirm: [event.id], error: null };
    case 'bulk.delete':
      return s.selection.length > 0 ? { ...s, confirm: s.selection, error: null } : s;
    case 'item.restore':
      return s.view === 'trashed' ? call(s, 'restore', { ids: [event.id] }) : s;
    case 'bulk.restore':
      return s.view === 'trashed' && s.selection.length > 0 ? call(s, 'restore', { ids: s.selection }) : s;
    default:
      return s;
  }
}

/** What the screen lets the user do, and what may answer. */
function next(s: LifecycleSpecState): LifecycleSpecEvent[] {
  const typing: LifecycleSpecEvent[] = s.search === 'bea' ? [] : [{ type: 'search.change', value: 'bea' }];
  const otherTab: LifecycleSpecEvent = { type: s.view === 'all' ? 'view.bin' : 'view.all' };
  if (s.open === 'load') return [{ type: 'load.ok' }, { type: 'load.fail' }, ...typing, otherTab];
  if (s.open === 'remove') return [{ type: 'remove.ok' }, { type: 'remove.fail' }];
  if (s.open === 'restore') return [{ type: 'restore.ok' }, { type: 'restore.fail' }];
  if (s.failed) return [{ type: 'list.retry' }, ...typing];
  if (s.confirm) return [{ type: 'confirm.accept' }, { type: 'confirm.cancel' }];
  const events: LifecycleSpecEvent[] = [
    otherTab,
    ...typing,
    { type: 'page.go', page: s.page === 1 ? 2 : 1 },
    ...selectable(s.view).map((id) => ({ type: 'selection.toggle', id }) as const),
    { type: 'selection.all' },
  ];
  if (s.search) events.push({ type: 'search.clear' });
  if (s.waiting) return [{ type: 'time.passes' }, ...events];
  for (const id of selectable(s.view)) {
    events.push({ type: 'item.delete', id });
    if (s.view === 'trashed') events.push({ type: 'item.restore', id });
  }
  if (s.selection.length > 0) {
    events.push({ type: 'bulk.delete' }, { type: 'selection.clear' });
    if (s.view === 'trashed') events.push({ type: 'bulk.restore' });
  }
  return events;
}

export const lifecycleSpec: SpecModel<LifecycleSpecState, LifecycleSpecEvent, LifecycleSeen> = {
  initial: {
    view: 'all',
    search: '',
    page: 1,
    selection: [],
    confirm: null,
    open: 'load',
    waiting: false,
    loaded: false,
    failed: false,
    error: null,
    calls: [{ src: 'load', input: { search: '', page: 1 } }],
  },
  step,
  next,
  sees: (s) => ({
    view: s.view,
    search: s.search,
    rows: s.loaded ? ROWS[s.view] : null,
    selection: s.selection,
    dialog: s.confirm !== null,
    failed: s.failed,
    error: s.error,
  }),
  calls: (s) => s.calls,
  // The page and the message do not change what can happen next: paths need not reach each of them.
  key: ({ calls: _calls, page: _page, error: _error, ...rest }) => JSON.stringify(rest),
};

export function describeSpecEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const detail = Object.values(rest).join(' ');
  return detail ? `${type} ${detail}` : type;
}
