import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '@/api/client';
import type { ActivityEntry } from '@/api/contract/activity';
import type { Paginator } from '@/api/contract/common';
import { api } from '@/api/endpoints';
import { firstMessages } from '@/machines/errors';
import { areas } from '@/shared/areas';
import { formatDateTime } from '@/shared/format';
import { announce } from '@/ui/announce';
import { DataTable, type DataTableColumn } from '@/ui/DataTable';
import { EmptyState } from '@/ui/EmptyState';
import { ListRows } from '@/ui/lists/ListParts';
import { useAddressList } from '@/ui/lists/useAddressList';
import { useLatest } from '@/ui/lists/useListLogic';
import { PageHeader } from '@/ui/PageHeader';
import { useColumnVisibility } from '@/ui/useColumnVisibility';
import { useLoad } from '@/ui/useLoad';
import styles from './Activity.module.css';
import { ActivityFilterBar } from './ActivityFilterBar';
import {
  type ActivityFilters,
  filtersKey,
  filtersQueryString,
  hasFilters,
  readFilters,
} from './activityFilters';
import { actionText, entriesText } from './activityWords';
import { recordHref, revisionHref } from './recordLink';
import { loadUserChoices } from './userChoices';

/** Dates and short words have a known width; what was changed takes the rest. */
const columns: DataTableColumn[] = [
  { id: 'when', label: 'When', width: '9.5rem' },
  { id: 'who', label: 'Who', width: '11rem' },
  { id: 'area', label: 'Area', width: '7.5rem' },
  { id: 'action', label: 'Action', width: '9.5rem' },
  { id: 'what', label: 'What' },
];

type FilterErrors = Partial<Record<keyof ActivityFilters, string>>;

/** The filter errors of a 422 (the end date before the start), or null for any other failure. */
function filterErrors(error: unknown): FilterErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const messages = firstMessages(error.errors);
  const errors: FilterErrors = {};
  for (const name of ['user', 'area', 'action', 'from', 'to'] as const)
    if (messages[name]) errors[name] = messages[name];
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The activity log (issue 20): every change by anyone, newest first, filtered in the address. */
export default function ActivityScreen() {
  const address = useSearch();
  const [location, navigate] = useLocation();
  const filters = readFilters(address);
  const key = filtersKey(filters);
  // The User filter offers the people whose entries this user may read, whatever else their role allows.
  const users = useLoad(loadUserChoices, 'activity-users');
  const visibility = useColumnVisibility(columns, 'activity.columns');
  const [errors, setErrors] = useState<{ for: string; errors: FilterErrors }>({ for: key, errors: {} });

  // A change of filters (chosen here, or by the back button) is answered with the new count once
  // its first page arrives; the first load of the screen is not announced.
  const announceFor = useRef<string | null>(null);
  const shownKey = useRef(key);
  if (shownKey.current !== key) {
    shownKey.current = key;
    announceFor.current = key;
  }
  const filtered = hasFilters(filters);
  const onLoaded = useCallback(
    (loadedKey: string, total: number) => {
      if (announceFor.current !== loadedKey) return;
      announceFor.current = null;
      if (total > 0) announce(entriesText(total));
      else announce(filtered ? 'No activity matches these filters.' : 'No activity yet.');
    },
    [filtered],
  );
  const onFilterErrors = useCallback((loadedKey: string, found: FilterErrors) => {
    setErrors({ for: loadedKey, errors: found });
    if (announceFor.current === loadedKey) {
      announceFor.current = null;
      announce(Object.values(found).join(' '));
    }
  }, []);

  const choose = (next: ActivityFilters) => navigate(`${location}${filtersQueryString(next, address)}`);
  const frame = useRef<HTMLDivElement>(null);
  // Either 'Clear filters' goes once the filters are cleared: focus goes to the first filter.
  const clear = () => {
    choose({});
    frame.current?.querySelector<HTMLElement>('[role="search"] button')?.focus();
  };

  return (
    <>
      <PageHeader title="Activity" subtitle="Every change in the console, newest first" />
      <div className={styles.frame} ref={frame}>
        <ActivityFilterBar
          filters={filters}
          onChange={choose}
          onClear={clear}
          users={users.data}
          errors={errors.for === key ? errors.errors : {}}
          columns={visibility.columns}
          onColumnsChange={visibility.setHiddenIds}
        />
        {/* Other filters are another list: it starts afresh, on its first page. */}
        <ActivityRows
          key={key}
          listKey={key}
          filters={filters}
          columns={visibility.columns}
          onLoaded={onLoaded}
          onFilterErrors={onFilterErrors}
          onClear={clear}
        />
      </div>
    </>
  );
}

interface ActivityRowsProps {
  listKey: string;
  filters: ActivityFilters;
  columns: readonly DataTableColumn[];
  onLoaded: (key: string, total: number) => void;
  onFilterErrors: (key: string, errors: FilterErrors) => void;
  onClear: () => void;
}

function ActivityRows({
  listKey,
  filters,
  columns: shown,
  onLoaded,
  onFilterErrors,
  onClear,
}: ActivityRowsProps) {
  const [rejected, setRejected] = useState(false);
  const report = useLatest({ onLoaded, onFilterErrors });
  const list = useAddressList(async ({ page }): Promise<Paginator<ActivityEntry>> => {
    try {
      const answer = await api.activity.list({ query: { ...filters, page } });
      setRejected(false);
      return answer;
    } catch (error) {
      const errors = filterErrors(error);
      if (errors) {
        setRejected(true);
        report.current.onFilterErrors(listKey, errors);
      }
      throw error;
    }
  });
  const page = list.data;
  const total = page?.total;
  useEffect(() => {
    if (total !== undefined) report.current.onLoaded(listKey, total);
  }, [total, listKey, report]);

  const entries = page?.data ?? [];
  const filtered = hasFilters(filters);

  const empty = filtered ? (
    <EmptyState
      title="No activity matches these filters."
      action={{ label: 'Clear filters', onPress: onClear }}
    />
  ) : (
    <EmptyState icon="activity" title="No activity yet." />
  );

  if (rejected && list.failure !== null)
    return (
      <EmptyState
        icon="calendar"
        title="No activity to show for these filters."
        text="Correct the filters above to see the activity."
      />
    );

  return (
    <div className={styles.rows} aria-busy={list.isLoading}>
      <ListRows many="activity" failure={list.failure} onRetry={list.retry} page={page} onPage={list.goTo}>
        <DataTable<ActivityEntry>
          label="Activity"
          columns={shown}
          rows={entries}
          renderCell={renderCell}
          isLoading={list.isLoading && !page}
          empty={empty}
        />
      </ListRows>
    </div>
  );
}

function renderCell(entry: ActivityEntry, column: string) {
  switch (column) {
    case 'when':
      return <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>;
    case 'who':
      return entry.user?.name ?? 'System';
    case 'area':
      return areas[entry.area].label;
    case 'action':
      return actionText(entry.area, entry.action);
    case 'what':
      return <What entry={entry} />;
    default:
      return null;
  }
}

/**
 * The record by its name, linked to where it is edited while it is still there (marked deleted
 * once it is gone), then the detail, a space apart so that they read as two words, not one.
 */
function What({ entry }: { entry: ActivityEntry }) {
  const name = entry.record?.name ?? (entry.area === 'settings' ? 'Settings' : null);
  const href = recordHref(entry);
  const version = revisionHref(entry);
  const deleted = entry.record?.deleted === true;
  const title = [deleted ? `${name} (deleted)` : name, entry.detail].filter(Boolean).join(': ');
  return (
    <span title={title || undefined}>
      {name !== null ? href ? <Link href={href}>{name}</Link> : name : null}
      {deleted ? <span className={styles.deleted}> (deleted)</span> : null}
      {name !== null && entry.detail ? ' ' : null}
      {entry.detail ? <span className={styles.detail}>{entry.detail}</span> : null}
      {version ? ' ' : null}
      {version ? (
        <Link href={version} aria-label={`The version this made of ${name ?? 'the record'}`}>
          (this version)
        </Link>
      ) : null}
    </span>
  );
}
