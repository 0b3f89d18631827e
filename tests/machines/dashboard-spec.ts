import type { SpecModel } from './model';

/**
 * The dashboard as spec §2 describes it, written without looking at the dashboard machine: the
 * calls the console makes and what the user sees.
 */

/** The default range `analytics/dates` answers. */
export const DATES = { start: '2026-01-01', end: '2026-01-30' };
/** What the user types: a new end for range 1, a start for range 2. */
export const TYPED_END = '2026-01-15';
export const TYPED_COMPARISON_START = '2025-01-01';
export const FAILURE = 'Server Error';
export const FIELD_ERRORS = { end: 'End on or after the start date.' };
/** The metrics whose figures tables the user opens. */
export const METRICS = ['page_views', 'visitors'] as const;

interface Range {
  start: string;
  end: string;
}
interface Query {
  range1: Range;
  range2: Range | null;
}

export type DashboardSpecEvent =
  | { type: 'range.change'; range: 1 | 2; field: 'start' | 'end'; value: string }
  | { type: 'range2.open' }
  | { type: 'range2.close' }
  | { type: 'search' }
  | { type: 'retry' }
  | { type: 'figures.open'; key: string }
  | { type: 'figures.close' }
  /** The open call answers: the default dates, the figures, field errors, or a failure. */
  | { type: 'dates.ok' }
  | { type: 'dates.fail' }
  | { type: 'search.ok' }
  | { type: 'search.invalid' }
  | { type: 'search.fail' };

export interface DashboardSpecState {
  /** The call the screen waits for, or what it shows. */
  phase: 'dates' | 'datesFailed' | 'searching' | 'ready' | 'failed';
  range1: Range;
  range2: Range | null;
  /** The ranges of the search under way (or last started). */
  requested: Query | null;
  /** The ranges the figures on screen are for. */
  searched: Query | null;
  figures: boolean;
  fieldErrors: Record<string, string>;
  error: string | null;
  openTable: string | null;
  calls: Array<{ src: string; input: unknown }>;
}

export interface DashboardSeen {
  range1: Range;
  range2: Range | null;
  searched: Query | null;
  figures: boolean;
  fieldErrors: Record<string, string>;
  /** The failure's message, while the failure is shown. */
  failure: string | null;
  busy: boolean;
  openTable: string | null;
  shows: 'loading' | 'failed' | 'figures';
}

function search(s: DashboardSpecState, query: Query): DashboardSpecState {
  return {
    ...s,
    phase: 'searching',
    requested: query,
    calls: [...s.calls, { src: 'search', input: query }],
  };
}

const searchable = (s: DashboardSpecState) =>
  s.phase === 'searching' || s.phase === 'ready' || s.phase === 'failed';

function step(s: DashboardSpecState, event: DashboardSpecEvent): DashboardSpecState {
  switch (event.type) {
    case 'range.change':
      if (event.range === 1) return { ...s, range1: { ...s.range1, [event.field]: event.value } };
      return s.range2 ? { ...s, range2: { ...s.range2, [event.field]: event.value } } : s;
    case 'range2.open':
      return { ...s, range2: { start: '', end: '' } };
    case 'range2.close': {
      const closed = { ...s, range2: null };
      return searchable(s) ? search(closed, { range1: s.range1, range2: null }) : closed;
    }
    case 'figures.open':
      return { ...s, openTable: event.key };
    case 'figures.close':
      return { ...s, openTable: null };
    case 'search':
      return searchable(s) ? search(s, { range1: s.range1, range2: s.range2 }) : s;
    case 'retry':
      if (s.phase === 'datesFailed')
        return { ...s, phase: 'dates', calls: [...s.calls, { src: 'dates', input: undefined }] };
      return s.phase === 'failed' && s.requested ? search(s, s.requested) : s;
    case 'dates.ok':
      return search({ ...s, range1: DATES }, { range1: DATES, range2: s.range2 });
    case 'dates.fail':
      return { ...s, phase: 'datesFailed', error: FAILURE };
    case 'search.ok':
      return { ...s, phase: 'ready', figures: true, searched: s.requested, fieldErrors: {}, error: null };
    case 'search.invalid':
      return { ...s, phase: 'ready', fieldErrors: FIELD_ERRORS, error: null };
    case 'search.fail':
      return { ...s, phase: 'failed', fieldErrors: {}, error: FAILURE };
  }
}

function next(s: DashboardSpecState): DashboardSpecEvent[] {
  const events: DashboardSpecEvent[] = [];
  if (s.phase === 'dates') events.push({ type: 'dates.ok' }, { type: 'dates.fail' });
  if (s.phase === 'searching')
    events.push({ type: 'search.ok' }, { type: 'search.invalid' }, { type: 'search.fail' });
  if (s.phase === 'datesFailed' || s.phase === 'failed') events.push({ type: 'retry' });
  if (s.phase === 'dates') return events;
  if (searchable(s)) events.push({ type: 'search' });
  if (s.range1.end !== TYPED_END)
    events.push({ type: 'range.change', range: 1, field: 'end', value: TYPED_END });
  if (!s.range2) events.push({ type: 'range2.open' });
  else {
    if (s.range2.start !== TYPED_COMPARISON_START)
      events.push({ type: 'range.change', range: 2, field: 'start', value: TYPED_COMPARISON_START });
    events.push({ type: 'range2.close' });
  }
  if (s.figures) {
    for (const key of METRICS) if (s.openTable !== key) events.push({ type: 'figures.open', key });
    if (s.openTable) events.push({ type: 'figures.close' });
  }
  return events;
}

function shows(s: DashboardSpecState): DashboardSeen['shows'] {
  if (s.phase === 'failed' || s.phase === 'datesFailed') return 'failed';
  return s.figures ? 'figures' : 'loading';
}

export const dashboardSpec: SpecModel<DashboardSpecState, DashboardSpecEvent, DashboardSeen> = {
  initial: {
    phase: 'dates',
    range1: { start: '', end: '' },
    range2: null,
    requested: null,
    searched: null,
    figures: false,
    fieldErrors: {},
    error: null,
    openTable: null,
    calls: [{ src: 'dates', input: undefined }],
  },
  step,
  next,
  sees: (s) => ({
    range1: s.range1,
    range2: s.range2,
    searched: s.searched,
    figures: s.figures,
    fieldErrors: s.fieldErrors,
    failure: shows(s) === 'failed' ? s.error : null,
    busy: s.phase === 'dates' || s.phase === 'searching',
    openTable: s.openTable,
    shows: shows(s),
  }),
  calls: (s) => s.calls,
  key: ({ calls: _calls, ...rest }) => JSON.stringify(rest),
};
