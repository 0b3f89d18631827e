import type { ReactNode, Ref } from 'react';
import type { Paginator } from '@/api/contract/common';
import type { ListEvent } from '@/machines/list';
import { ColumnToggle, type ToggleColumn } from '../ColumnToggle';
import { EmptyState } from '../EmptyState';
import { Pagination } from '../Pagination';
import { SearchField } from '../SearchField';
import styles from './List.module.css';

/**
 * The pieces every paged list lays out alike, with a bin or without, machine-driven or kept in
 * the address: the frame, the search and columns toolbar, and the rows with the failed-load
 * retry and the pagination under them.
 */

export interface ListFrameProps {
  /** A load is running: the rows shown are the ones before it. */
  busy: boolean;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

export function ListFrame({ busy, ref, children }: ListFrameProps) {
  return (
    <div className={styles.list} aria-busy={busy} ref={ref}>
      {children}
    </div>
  );
}

export interface ListToolbarProps {
  /** 'users', 'reservations': the search box is 'Search <many>'. */
  many: string;
  /** What is typed in the search box. */
  search: string;
  onSearch: (value: string) => void;
  /** The columns the user may show and hide (useColumnVisibility). */
  columns: readonly ToggleColumn[];
  onColumnsChange: (hiddenIds: string[]) => void;
}

export function ListToolbar({ many, search, onSearch, columns, onColumnsChange }: ListToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <SearchField label={`Search ${many}`} value={search} onChange={onSearch} className={styles.search} />
      <ColumnToggle columns={columns} onChange={onColumnsChange} />
    </div>
  );
}

export interface ListRowsProps {
  /** 'users', 'reservations': a failed load reads 'The <many> could not be loaded.' */
  many: string;
  /** The message of the failed load, or null when the last load did not fail. */
  failure: string | null;
  onRetry: () => void;
  /** The last answer, or null before the first: pagination shows once it has rows. */
  page: Paginator<unknown> | null;
  onPage: (page: number) => void;
  /** The table, shown unless the load failed. */
  children: ReactNode;
}

export function ListRows({ many, failure, onRetry, page, onPage, children }: ListRowsProps) {
  return (
    <>
      {failure !== null ? (
        <EmptyState
          icon="cross"
          title={`The ${many} could not be loaded.`}
          text={failure}
          action={{ label: 'Try again', onPress: onRetry }}
        />
      ) : (
        children
      )}
      {page && page.total > 0 ? (
        <Pagination
          prevUrl={page.prev_page_url}
          nextUrl={page.next_page_url}
          currentPage={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          // From a page past the last, Previous goes to the last page there is.
          onPrevious={() => onPage(Math.min(page.current_page - 1, page.last_page))}
          onNext={() => onPage(page.current_page + 1)}
        />
      ) : null}
    </>
  );
}

/**
 * The toolbar's and rows' wiring for a list run by the list machine or one built on it (the
 * lifecycle machine): what they show from its snapshot and the events they send it.
 */
export function machineListParts(
  actor: { send: (event: ListEvent) => void },
  snapshot: { context: { search: string; error: string | null }; matches: (value: 'loadFailed') => boolean },
) {
  return {
    toolbar: {
      search: snapshot.context.search,
      onSearch: (value: string) => actor.send({ type: 'search.change', value }),
    },
    rows: {
      failure: snapshot.matches('loadFailed') ? (snapshot.context.error ?? '') : null,
      onRetry: () => actor.send({ type: 'list.retry' }),
      onPage: (page: number) => actor.send({ type: 'page.go', page }),
    },
  };
}
