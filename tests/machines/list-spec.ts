import type { SpecModel } from './model';

/**
 * A paged, searchable list without a bin (spec §4: reservations, responses, forms, templates),
 * written without looking at the list machine: its calls and what the user sees.
 */

export const PAGE_ROWS = [11, 12];
export const FAILURE = 'Server Error';

export type ListSpecEvent =
  | { type: 'search.change'; value: string }
  | { type: 'search.clear' }
  | { type: 'page.go'; page: number }
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'load.ok' }
  | { type: 'load.empty' }
  | { type: 'load.fail' }
  | { type: 'time.passes' };

export interface ListSpecState {
  search: string;
  page: number;
  loading: boolean;
  waiting: boolean;
  /** The rows of the last answer; null before any. */
  rows: number[] | null;
  failed: boolean;
  error: string | null;
  calls: Array<{ src: string; input: unknown }>;
}

export interface ListSeen {
  search: string;
  rows: number[] | null;
  failed: boolean;
  error: string | null;
  /** 'rows', 'empty' (nothing yet), 'noResults' (a search found nothing), 'loading', 'failed'. */
  shows: string;
}

function load(s: ListSpecState): ListSpecState {
  return {
    ...s,
    loading: true,
    waiting: false,
    failed: false,
    calls: [...s.calls, { src: 'load', input: { search: s.search, page: s.page } }],
  };
}

function step(s: ListSpecState, event: ListSpecEvent): ListSpecState {
  switch (event.type) {
    case 'load.ok':
    case 'load.empty':
      if (!s.loading) return s;
      return {
        ...s,
        loading: false,
        failed: false,
        error: null,
        rows: event.type === 'load.ok' ? PAGE_ROWS : [],
      };
    case 'load.fail':
      return s.loading ? { ...s, loading: false, failed: true, error: FAILURE } : s;
    case 'time.passes':
      return s.waiting ? load({ ...s, page: 1 }) : s;
  }
  if (s.loading || s.failed) {
    if (event.type === 'search.change') return load({ ...s, search: event.value, page: 1 });
    if (s.failed && (event.type === 'list.retry' || event.type === 'list.reload')) return load(s);
    return s;
  }
  switch (event.type) {
    case 'search.change':
      return { ...s, search: event.value, waiting: true };
    case 'search.clear':
      return load({ ...s, search: '', page: 1 });
    case 'page.go':
      return load({ ...s, page: event.page });
    case 'list.reload':
      return load(s);
    default:
      return s;
  }
}

function next(s: ListSpecState): ListSpecEvent[] {
  const typing: ListSpecEvent[] = s.search === 'bea' ? [] : [{ type: 'search.change', value: 'bea' }];
  if (s.loading) return [{ type: 'load.ok' }, { type: 'load.empty' }, { type: 'load.fail' }, ...typing];
  if (s.failed) return [{ type: 'list.retry' }, ...typing];
  const events: ListSpecEvent[] = [
    ...typing,
    { type: 'page.go', page: s.page === 1 ? 2 : 1 },
    { type: 'list.reload' },
  ];
  if (s.search) events.push({ type: 'search.clear' });
  if (s.waiting) events.unshift({ type: 'time.passes' });
  return events;
}

function shows(s: ListSpecState): string {
  if (s.failed) return 'failed';
  if (s.rows === null) return 'loading';
  if (s.rows.length > 0) return 'rows';
  return s.search ? 'noResults' : 'empty';
}

export const listSpec: SpecModel<ListSpecState, ListSpecEvent, ListSeen> = {
  initial: {
    search: '',
    page: 1,
    loading: true,
    waiting: false,
    rows: null,
    failed: false,
    error: null,
    calls: [{ src: 'load', input: { search: '', page: 1 } }],
  },
  step,
  next,
  sees: (s) => ({ search: s.search, rows: s.rows, failed: s.failed, error: s.error, shows: shows(s) }),
  calls: (s) => s.calls,
  key: ({ calls: _calls, ...rest }) => JSON.stringify(rest),
};
