import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { currentInspect } from '@/machines/inspect';
import { reorderMachine } from '@/machines/reorder';
import { cx } from '../cx';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableRowProps } from '../DataTable';
import { throughAnnouncer, useDragAnnouncements } from '../dragAnnouncements';
import { Icon } from '../Icon';
import { useLatest, useOnce } from '../lists/useListLogic';
import { toast } from '../toasts';
import type { LifecycleListControls } from './LifecycleList';
import styles from './SortableRows.module.css';

/** The column that holds the drag handles; it is added only while rows can be reordered. */
export const REORDER_COLUMN = 'reorder';

const reorderColumn: DataTableColumn = { id: REORDER_COLUMN, label: 'Reorder', hideLabel: true, width: 28 };

type Sortable = ReturnType<typeof useSortable>;

/** What a row's drag handle needs from its row's useSortable. */
const HandleContext = createContext<Pick<
  Sortable,
  'attributes' | 'listeners' | 'setActivatorNodeRef' | 'isDragging'
> | null>(null);

/** Rows move up and down only: a table row dragged sideways means nothing. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * A table row that can be dragged by its handle (DataTable's `rowAs`). Translate, not transform:
 * rows of different heights must not be scaled into each other's shape.
 */
export function SortableRow<T extends { id: number }>({
  row,
  className,
  children,
  ...props
}: DataTableRowProps<T>) {
  const sortable = useSortable({ id: row.id });
  const { attributes, listeners, setActivatorNodeRef, isDragging } = sortable;
  const handle = useMemo(
    () => ({ attributes, listeners, setActivatorNodeRef, isDragging }),
    [attributes, listeners, setActivatorNodeRef, isDragging],
  );
  return (
    <HandleContext.Provider value={handle}>
      <tr
        {...props}
        ref={sortable.setNodeRef}
        className={cx(className, styles.row)}
        data-dragging={isDragging || undefined}
        style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      >
        {children}
      </tr>
    </HandleContext.Provider>
  );
}

/**
 * The grip a row is dragged by, with the mouse or the keyboard (Space or Enter picks the row up,
 * arrows move it, Space or Enter drops it, Escape puts it back). Renders nothing outside a SortableRow.
 */
export function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  if (!handle) return null;
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      // Stays focusable when disabled (aria-disabled from dnd-kit), so a keyboard drop keeps focus here.
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
      title="Drag to reorder"
      className={styles.handle}
      data-dragging={handle.isDragging || undefined}
    >
      <Icon name="drag" size="sm" />
    </button>
  );
}

/** The rows in the order of `ids`; rows the order does not name keep their place at the end. */
function arrange<T extends { id: number }>(rows: readonly T[], ids: readonly number[]): readonly T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  const named = new Set(ids);
  return [...ordered, ...rows.filter((row) => !named.has(row.id))];
}

export interface SortableTableProps<T extends { id: number }> extends DataTableProps<T> {
  /** Handles show only when true; otherwise the table is a plain one (a bin, a search). */
  isSortable: boolean;
  /** Handles do nothing for now (the list is loading); they keep their place and focus. */
  isDisabled?: boolean;
  /** Saves the new order: every id of the rows shown, in their new order. */
  onSort: (ids: number[]) => Promise<unknown>;
  /** After a save, whether it worked or not: load the rows again, so the server's order shows. */
  onSettled?: () => void;
}

/**
 * A DataTable whose rows are reordered by drag handles (`@dnd-kit/sortable`). The reorder machine
 * holds the order: a drop shows the new order at once and saves it; when the save fails the error
 * is toasted and the old order returns. The shown order is kept until new rows arrive (the reload
 * after the save). Rows are SortableRows,
 * so a `rowAs` among the table props is not used; the handles get their own first column.
 */
export function SortableTable<T extends { id: number }>({
  isSortable: sortableAsked,
  isDisabled = false,
  onSort,
  onSettled,
  ...table
}: SortableTableProps<T>) {
  // One row has no other place to take: no handle is offered for it.
  const isSortable = sortableAsked && table.rows.length > 1;
  const latest = useLatest({ onSort, onSettled });
  const logic = useOnce(() =>
    reorderMachine.provide({
      actors: { sort: fromPromise(({ input }) => latest.current.onSort(input.ids)) },
      actions: {
        settled: () => latest.current.onSettled?.(),
        failed: (_, params) => toast.error(params.message),
      },
    }),
  );
  const actor = useActorRef(logic, { inspect: currentInspect() });
  const moved = useSelector(actor, (s) => s.context.moved);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  // New rows (the reload after a save, a page change) replace any order shown before them.
  useEffect(() => {
    actor.send({ type: 'rows.load', ids: table.rows.map((row) => row.id) });
  }, [actor, table.rows]);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const rows = moved ? arrange(table.rows, moved) : table.rows;
  const ids = rows.map((row) => row.id);
  const labelOf = (id: UniqueIdentifier) => {
    const row = rows.find((r) => r.id === id);
    return row ? (table.rowLabel?.(row) ?? `#${row.id}`) : `#${id}`;
  };
  // Spoken for keyboard and screen reader users, with the row's name instead of its id; through the
  // app's region, so a drop's words do not stay in the list's page once it has reloaded.
  const announcements = throughAnnouncer(useDragAnnouncements(ids, labelOf));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) actor.send({ type: 'row.move', id: Number(active.id), over: Number(over.id) });
  };

  const renderCell = (row: T, columnId: string): ReactNode =>
    columnId === REORDER_COLUMN ? (
      <DragHandle label={`Reorder ${table.rowLabel?.(row) ?? `#${row.id}`}`} />
    ) : (
      table.renderCell(row, columnId)
    );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      accessibility={{ announcements }}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={ids}
        strategy={verticalListSortingStrategy}
        disabled={!isSortable || isDisabled || saving}
      >
        <DataTable<T>
          {...table}
          columns={isSortable ? [reorderColumn, ...table.columns] : table.columns}
          rows={rows}
          renderCell={renderCell}
          rowAs={SortableRow}
        />
      </SortableContext>
    </DndContext>
  );
}

/**
 * LifecycleList's `renderTable` for a list whose order is saved by `onSort` (brands, dealerships):
 * rows are reordered only in the All view without a search, since a reordered subset (a search
 * result, the bin) has no single place in the whole order. The list reloads after every save.
 */
export function sortableLifecycleTable<T extends { id: number }>(
  onSort: (ids: number[]) => Promise<unknown>,
) {
  return function renderSortableTable(table: DataTableProps<T>, list: LifecycleListControls): ReactNode {
    return (
      <SortableTable<T>
        {...table}
        isSortable={list.view === 'all' && list.search.trim() === ''}
        isDisabled={list.isLoading}
        onSort={onSort}
        onSettled={list.reload}
      />
    );
  };
}
