import {
  type ActivityAction,
  type ActivityArea,
  isActivityAction,
  isActivityArea,
} from '@/api/contract/activityNames';

/** What the activity log is narrowed to; each one left out means any. */
export interface ActivityFilters {
  user?: number;
  area?: ActivityArea;
  action?: ActivityAction;
  /** Inclusive days, 'YYYY-MM-DD'. */
  from?: string;
  to?: string;
}

export const FILTER_NAMES = ['user', 'area', 'action', 'from', 'to'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters an address holds (`?user=3&area=pages&from=2026-11-01`). A value the log cannot take
 * (a typo in a shared link, a hand-edited address) is left out rather than sent, so the list still
 * shows; a range the other way round is kept, for the server to explain under the To field.
 */
export function readFilters(search: string): ActivityFilters {
  const params = new URLSearchParams(search);
  const filters: ActivityFilters = {};
  const user = params.get('user');
  if (user && /^[1-9][0-9]{0,9}$/.test(user)) filters.user = Number(user);
  const area = params.get('area');
  if (isActivityArea(area)) filters.area = area;
  const action = params.get('action');
  if (isActivityAction(action)) filters.action = action;
  const from = params.get('from');
  if (from && DAY.test(from)) filters.from = from;
  const to = params.get('to');
  if (to && DAY.test(to)) filters.to = to;
  return filters;
}

export function hasFilters(filters: ActivityFilters): boolean {
  return FILTER_NAMES.some((name) => filters[name] !== undefined);
}

/**
 * The address's query with these filters and back on page 1: a new choice is a new list. Other
 * parameters stay.
 */
export function filtersQueryString(filters: ActivityFilters, current = ''): string {
  const params = new URLSearchParams(current);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value === undefined || value === '') params.delete(name);
    else params.set(name, String(value));
  }
  params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One text per set of filters: a list keyed by it starts afresh when they change. */
export function filtersKey(filters: ActivityFilters): string {
  return FILTER_NAMES.map((name) => `${name}=${filters[name] ?? ''}`).join('&');
}
