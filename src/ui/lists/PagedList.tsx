import { useActorRef, useSelector } from '@xstate/react';
import { memo, type ReactNode, useDeferredValue } from 'react';
import { type ActorRefFrom, fromPromise, type SnapshotFrom } from 'xstate';
import type { Paginator } from '@/api/contract/common';
import { currentInspect } from '@/machines/inspect';
import { type LoadInput, listMachine, pagedListShows } from '@/machines/list';
import { DataTable, type DataTableColumn } from '../DataTable';
import { useColumnVisibility } from '../useColumnVisibility';
import { ListEmpty, type ListNouns } from './ListEmpty';
import { ListFrame, ListRows, ListToolbar, machineListParts } from './ListParts';
import { useLatest, useOnce, useOnKeyChange } from './useListLogic';

export interface PagedListProps<T extends { id: number }> {
  nouns: ListNouns;
  /** Where 'Get Started' leads when there is nothing yet (none for lists filled by the website). */
  startHref?: string;
  columns: readonly DataTableColumn[];
  /** Remembers the column choice in this browser. */
  columnsKey: string;
  renderCell: (row: T, columnId: string) => ReactNode;
  rowLabel: (row: T) => string;
  /** Row actions (an edit link, a view link) in the last column. */
  renderActions?: (row: T) => ReactNode;
  /** `GET <area>?search&page`; the list always calls the one it was given last. */
  load: (input: LoadInput) => Promise<Paginator<T>>;
  /** What `load` depends on besides search and page (a filter): a change loads again. */
  loadKey?: unknown;
  /** The spec's words for a list with nothing in it, where it gives them. */
  emptyTitle?: string;
}

/**
 * A paged, searchable list without a bin (reservations, responses, forms, templates): search,
 * column visibility, the table, pagination, the failed-load retry and the empty states. The list
 * machine holds every bit of state; LifecycleList is the same list with a bin.
 */
export function PagedList<T extends { id: number }>(props: PagedListProps<T>) {
  const { nouns, columns, columnsKey } = props;
  const latest = useLatest(props);
  const logic = useOnce(() =>
    listMachine.provide({
      actors: { load: fromPromise(({ input }) => latest.current.load(input)) },
    }),
  );
  const actor = useActorRef(logic, { input: {}, inspect: currentInspect() });
  useOnKeyChange(props.loadKey, () => actor.send({ type: 'list.reload' }));
  const snapshot = useSelector(actor, (s) => s);
  // The rows follow the machine a step behind, time-sliced (see PagedRows).
  const shown = useDeferredValue(snapshot);
  const visibility = useColumnVisibility(columns, columnsKey);
  const parts = machineListParts(actor, snapshot);
  return (
    <ListFrame busy={snapshot.matches('loading')}>
      <ListToolbar
        many={nouns.many}
        {...parts.toolbar}
        columns={visibility.columns}
        onColumnsChange={visibility.setHiddenIds}
      />
      <PagedRows<T> list={props} snapshot={shown} actor={actor} columns={visibility.columns} />
    </ListFrame>
  );
}

interface PagedRowsProps<T extends { id: number }> {
  list: PagedListProps<T>;
  /** The machine's snapshot as the rows show it: a deferred copy of the live one. */
  snapshot: SnapshotFrom<typeof listMachine>;
  actor: ActorRefFrom<typeof listMachine>;
  columns: readonly DataTableColumn[];
}

/**
 * The table, pagination and empty states. Memoised on a deferred snapshot: a new page of rows
 * renders in a transition React can interrupt, after the search box and in slices that keep the
 * page responsive, rather than in one long task.
 */
const PagedRows = memo(function PagedRows<T extends { id: number }>({
  list: props,
  snapshot,
  actor,
  columns,
}: PagedRowsProps<T>) {
  const { nouns } = props;
  const { context } = snapshot;
  // The machine's rows are the screen's own: its `load` answered them.
  const list = context.data as Paginator<T> | null;
  const loading = snapshot.matches('loading');
  const parts = machineListParts(actor, snapshot);
  return (
    <ListRows many={nouns.many} page={list} {...parts.rows}>
      <DataTable<T>
        label={`All ${nouns.many}`}
        columns={columns}
        rows={list?.data ?? []}
        renderCell={props.renderCell}
        rowLabel={props.rowLabel}
        renderActions={props.renderActions}
        isLoading={loading && !list}
        empty={
          <ListEmpty
            shows={pagedListShows(snapshot)}
            nouns={nouns}
            search={context.search}
            startHref={props.startHref}
            emptyTitle={props.emptyTitle}
            onClearSearch={() => actor.send({ type: 'search.clear' })}
          />
        }
      />
    </ListRows>
  );
}) as <T extends { id: number }>(props: PagedRowsProps<T>) => ReactNode;
