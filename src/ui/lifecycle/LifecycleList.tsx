import { useActorRef, useSelector } from '@xstate/react';
import { type ComponentType, memo, type ReactNode, useDeferredValue, useEffect } from 'react';
import { type ActorRefFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { currentInspect } from '@/machines/inspect';
import {
  allSelected,
  currentList,
  type LifecycleLists,
  type LifecycleView,
  lifecycleMachine,
  lifecycleShows,
  type RemoveInput,
  type RestoreInput,
} from '@/machines/lifecycle';
import { BulkBar } from '../BulkBar';
import { Button } from '../Button';
import { Confirm } from '../Confirm';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableRowProps } from '../DataTable';
import { IconButton } from '../IconButton';
import { IconLink } from '../IconLink';
import { ListEmpty, type ListNouns } from '../lists/ListEmpty';
import { ListFrame, ListRows, ListToolbar, machineListParts } from '../lists/ListParts';
import { useLatest, useOnce, useOnKeyChange } from '../lists/useListLogic';
import { Tabs } from '../Tabs';
import { toast } from '../toasts';
import { useColumnVisibility } from '../useColumnVisibility';
import styles from './LifecycleList.module.css';
import { type Outcome, useOutcome, useOutcomeFocus } from './useOutcome';

/** 'user' / 'users', 'brand' / 'brands', 'dealership' / 'dealerships'. */
export type LifecycleNouns = ListNouns;

/** What a custom table (renderTable) may know of the list and ask of it. */
export interface LifecycleListControls {
  view: LifecycleView;
  /** What is typed in the search box (it may not have been searched for yet). */
  search: string;
  /** A load is running; the rows shown are the ones before it. */
  isLoading: boolean;
  /** Loads the current page again, e.g. after the screen changed the rows itself (a reorder). */
  reload: () => void;
}

export interface LifecycleListProps<T extends { id: number }> {
  nouns: LifecycleNouns;
  /** Where 'Get Started' leads when there is nothing yet; none for a user who may not add. */
  startHref?: string;
  editHref: (row: T) => string;
  columns: readonly DataTableColumn[];
  renderCell: (row: T, columnId: string) => ReactNode;
  rowLabel: (row: T) => string;
  load: (input: { search: string; page: number }) => Promise<LifecycleLists<T>>;
  /**
   * Binning and deleting forever, and restoring: left out for a user whose role may not, and then
   * the list draws no delete or restore control, no selection and no bulk bar.
   */
  remove?: (input: RemoveInput) => Promise<unknown>;
  restore?: (input: RestoreInput) => Promise<unknown>;
  /** Whether the records keep a history, which deleting them forever removes: the confirm says so. */
  keepsHistory?: boolean;
  /** The signed-in user's own row, never selectable or deletable (users only). */
  selfId?: number | null;
  /** Remembers the column choice in this browser. */
  columnsKey: string;
  /** Replaces the table's row, e.g. with a sortable one. */
  rowAs?: ComponentType<DataTableRowProps<T>>;
  /** Extra content above the table (a note, a sortable context). */
  wrapTable?: (table: ReactNode, rows: readonly T[]) => ReactNode;
  /**
   * Renders the table from the props the list would give DataTable, so a screen can arrange the
   * rows (a drag reorder shown before the server has it) or wrap it in a sortable context.
   */
  renderTable?: (table: DataTableProps<T>, list: LifecycleListControls) => ReactNode;
  /**
   * What the loader depends on besides search and page (a filter); when it changes the list loads
   * again. The list always calls the `load` it was given last.
   */
  loadKey?: unknown;
}

/** What deleting from the bin adds to the confirm: it is permanent, and takes the history with it. */
export function foreverNote(keepsHistory: boolean): string {
  return keepsHistory
    ? 'Deleting from the bin is permanent: their history is deleted with them.'
    : 'Deleting from the bin is permanent.';
}

/**
 * Active list, bin and delete forever (spec §2 Users, Brands, Dealerships): search, tabs
 * All (n) and Bin (n), column visibility, selection with a bulk bar, the 'Hold up!' confirm,
 * pagination and the three empty states. The lifecycle machine holds every bit of state.
 */
export function LifecycleList<T extends { id: number }>(props: LifecycleListProps<T>) {
  const { nouns, columns, columnsKey } = props;
  const outcome = useOutcome<T>(nouns, props.rowLabel);
  const latest = useLatest(props);
  const latestOutcome = useLatest(outcome);
  const logic = useOnce(() =>
    lifecycleMachine.provide({
      actors: {
        load: fromPromise(({ input }) => latest.current.load(input)),
        remove: fromPromise(({ input }) =>
          latestOutcome.current.after(
            input.type === 'all' ? 'binned' : 'deleted',
            input.ids,
            latest.current.remove?.(input) ?? Promise.resolve(),
          ),
        ),
        restore: fromPromise(({ input }) =>
          latestOutcome.current.after(
            'restored',
            input.ids,
            latest.current.restore?.(input) ?? Promise.resolve(),
          ),
        ),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { selfId: props.selfId ?? null }, inspect: currentInspect() });
  useOnKeyChange(props.loadKey, () => actor.send({ type: 'list.reload' }));
  const snapshot = useSelector(actor, (s) => s);
  // Everything under the search box follows the machine a step behind, time-sliced (see LifecycleRows).
  const shown = useDeferredValue(snapshot);
  const { context } = snapshot;
  const visibility = useColumnVisibility(columns, columnsKey);
  const parts = machineListParts(actor, snapshot);

  useEffect(() => {
    if (context.error && snapshot.matches('ready')) toast.error(context.error);
  }, [context.error, snapshot]);

  return (
    <ListFrame busy={snapshot.matches('loading')} ref={outcome.rootRef}>
      <ListToolbar
        many={nouns.many}
        {...parts.toolbar}
        columns={visibility.columns}
        onColumnsChange={visibility.setHiddenIds}
      />
      <LifecycleRows<T>
        list={props}
        snapshot={shown}
        actor={actor}
        outcome={outcome}
        columns={visibility.columns}
      />
    </ListFrame>
  );
}

interface LifecycleRowsProps<T extends { id: number }> {
  list: LifecycleListProps<T>;
  /** The machine's snapshot as the rows show it: a deferred copy of the live one. */
  snapshot: SnapshotFrom<typeof lifecycleMachine>;
  actor: ActorRefFrom<typeof lifecycleMachine>;
  outcome: Outcome<T>;
  columns: readonly DataTableColumn[];
}

/**
 * The tabs, bulk bar, table, pagination and confirm. Memoised on a deferred snapshot: a new page
 * of rows renders in a transition React can interrupt, after the search box and in slices that
 * keep the page responsive, rather than in one long task.
 */
const LifecycleRows = memo(function LifecycleRows<T extends { id: number }>({
  list: props,
  snapshot,
  actor,
  outcome,
  columns,
}: LifecycleRowsProps<T>) {
  const { nouns } = props;
  const { context } = snapshot;
  const list = currentList<T>(snapshot);
  const loading = snapshot.matches('loading');
  // Row and bulk actions wait while the list loads, deletes or restores: the machine would ignore them.
  const busy = !snapshot.matches({ ready: 'idle' });
  const parts = machineListParts(actor, snapshot);

  const inBin = context.view === 'trashed';
  const counts = context.data ? { all: context.data.active.total, bin: context.data.trashed.total } : null;
  const rows = list?.data ?? [];
  useOutcomeFocus(outcome, rows);
  const isSelf = (row: T) => props.selfId !== undefined && props.selfId !== null && row.id === props.selfId;
  const mayRemove = props.remove !== undefined;
  const mayRestore = props.restore !== undefined;

  // Empty states show only once loaded; a search that found nothing reads the same in both views.
  const empty = (
    <ListEmpty
      shows={lifecycleShows(snapshot)}
      nouns={nouns}
      search={context.search}
      startHref={props.startHref}
      onClearSearch={() => actor.send({ type: 'search.clear' })}
      bin={inBin ? { onViewAll: () => actor.send({ type: 'view.all' }) } : undefined}
    />
  );

  const tableProps: DataTableProps<T> = {
    label: inBin ? `${nouns.many} in the bin` : `All ${nouns.many}`,
    columns,
    rows,
    renderCell: props.renderCell,
    rowLabel: props.rowLabel,
    selectedIds: context.selection,
    // Selection is for the bulk bar's delete and restore: without them there is nothing to select for.
    onToggle: mayRemove ? (id) => actor.send({ type: 'selection.toggle', id }) : undefined,
    onToggleAll: mayRemove ? () => actor.send({ type: 'selection.all' }) : undefined,
    isSelectable: (row) => !isSelf(row),
    isLoading: loading && !context.data,
    // The machine takes no ticks while rows load: the checkboxes say so, as the row buttons do.
    isSelectionDisabled: loading,
    empty,
    rowAs: props.rowAs,
    renderActions: (row) => (
      <div className={styles.actions}>
        <IconLink href={props.editHref(row)} icon="edit" label={`Edit ${props.rowLabel(row)}`} size="sm" />
        {inBin && mayRestore ? (
          <IconButton
            icon="restore"
            size="sm"
            label={`Restore ${props.rowLabel(row)}`}
            isDisabled={busy}
            onPress={() => actor.send({ type: 'item.restore', id: row.id })}
          />
        ) : null}
        {isSelf(row) || !mayRemove ? null : (
          <IconButton
            icon="trash"
            size="sm"
            variant="danger"
            label={`${inBin ? 'Delete forever' : 'Delete'} ${props.rowLabel(row)}`}
            isDisabled={busy}
            onPress={() => actor.send({ type: 'item.delete', id: row.id })}
          />
        )}
      </div>
    ),
  };
  const controls: LifecycleListControls = {
    view: context.view,
    search: context.search,
    isLoading: loading,
    reload: () => actor.send({ type: 'list.reload' }),
  };
  const table = props.renderTable ? (
    props.renderTable(tableProps, controls)
  ) : (
    <DataTable<T> {...tableProps} />
  );

  return (
    <>
      <Tabs
        label={`${nouns.many} views`}
        items={[
          { id: 'all', label: `All${counts ? ` (${counts.all})` : ''}` },
          { id: 'trashed', label: `Bin${counts ? ` (${counts.bin})` : ''}` },
        ]}
        selectedKey={context.view}
        onSelectionChange={(key) => actor.send({ type: key === 'all' ? 'view.all' : 'view.bin' })}
      >
        {/* The panel holds the view it names, so the tabs control something and no empty panel takes focus. */}
        <div className={styles.panel}>
          {context.selection.length > 0 && mayRemove ? (
            <BulkBar count={context.selection.length}>
              {inBin && mayRestore ? (
                <Button
                  size="sm"
                  icon="restore"
                  isDisabled={busy}
                  onPress={() => actor.send({ type: 'bulk.restore' })}
                >
                  Restore selected
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="danger"
                icon="trash"
                isDisabled={busy}
                onPress={() => actor.send({ type: 'bulk.delete' })}
              >
                {inBin ? 'Delete selected forever' : 'Delete selected'}
              </Button>
              <Button size="sm" variant="ghost" onPress={() => actor.send({ type: 'selection.clear' })}>
                {allSelected(snapshot) ? 'Clear selection' : 'Clear'}
              </Button>
            </BulkBar>
          ) : null}
          <ListRows many={nouns.many} page={list} {...parts.rows}>
            {props.wrapTable ? props.wrapTable(table, rows) : table}
          </ListRows>
        </div>
      </Tabs>
      <Confirm
        isOpen={snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'deleting' })}
        isPending={snapshot.matches({ ready: 'deleting' })}
        message={`You are about to delete ${nouns.one}(s)`}
        items={outcome.labels(context.pending?.ids ?? [])}
        note={inBin ? foreverNote(props.keepsHistory ?? false) : null}
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
        onCancel={() => actor.send({ type: 'confirm.cancel' })}
      />
    </>
  );
}) as <T extends { id: number }>(props: LifecycleRowsProps<T>) => ReactNode;
