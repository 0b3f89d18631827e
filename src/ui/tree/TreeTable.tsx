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
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DataTable, type DataTableColumn, type DataTableProps } from '../DataTable';
import { useDragAnnouncements } from '../dragAnnouncements';
import { DragHandle, SortableRow } from '../lifecycle/SortableRows';
import { useFocusAfterRowLeaves } from './useFocusAfterRowLeaves';

/** A 1-based place among all the rows, as pages/sort takes it. */
export interface RowPlacement {
  id: number;
  index: number;
}

export interface TreeTableProps<T extends { id: number; name: string }>
  extends Omit<DataTableProps<T>, 'rowAs' | 'spaceBefore' | 'spaceAfter' | 'frameRef'> {
  /** Drag handles show only when true (the parent orders its children by hand). */
  isSortable: boolean;
  /** Whether this row has a handle (locked pages have none). */
  canDrag?: (row: T) => boolean;
  /** Saves moved rows at their new 1-based places among all rows. */
  onReorder?: (placements: RowPlacement[]) => void;
  isDisabled?: boolean;
  /** The last rows are in view: a list that loads a page at a time loads its next one. */
  onNearEnd?: () => void;
}

const REORDER = 'reorder';
const reorderColumn: DataTableColumn = { id: REORDER, label: 'Reorder', hideLabel: true, width: 28 };
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
/** Rows drawn beyond the view on each side, so a quick scroll or a drag finds them ready. */
const OVERSCAN = 15;
const FIRST_GUESS_ROW_PX = 36;

/** The nearest ancestor that scrolls vertically, or null when the window does. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * A DataTable that renders only the rows in view (a parent may hold 10,000 children), with drag
 * handles that reorder the rows in view. The rest of the list is blank space of the right height.
 */
export function TreeTable<T extends { id: number; name: string }>({
  isSortable: sortableAsked,
  canDrag = () => true,
  onReorder,
  isDisabled = false,
  onNearEnd,
  ...table
}: TreeTableProps<T>) {
  // One row has no other place to take: no handle is offered for it.
  const isSortable = sortableAsked && table.rows.length > 1;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(800);
  const [rowPx, setRowPx] = useState(FIRST_GUESS_ROW_PX);

  // Rows are as tall as the theme and the pointer make them: measured once they are drawn.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const row = element.querySelector<HTMLTableRowElement>('tbody tr:not([data-spacer])');
    if (row && row.offsetHeight > 0 && row.offsetHeight !== rowPx) setRowPx(row.offsetHeight);
  });

  // The page's content area is the one scroll container: how far the table has gone up past its
  // top edge says which rows are in view.
  useEffect(() => {
    const frame = scroller.current;
    if (!frame) return;
    const container = scrollParent(frame);
    const update = () => {
      const viewTop = container ? container.getBoundingClientRect().top : 0;
      setScrollTop(Math.max(0, viewTop - frame.getBoundingClientRect().top));
      setViewHeight((container ? container.clientHeight : window.innerHeight) || 800);
    };
    update();
    const target: HTMLElement | Window = container ?? window;
    target.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      target.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const total = table.rows.length;
  const start = Math.max(0, Math.floor(scrollTop / rowPx) - OVERSCAN);
  const end = Math.min(total, Math.ceil((scrollTop + viewHeight) / rowPx) + OVERSCAN);
  const shown = useMemo(() => table.rows.slice(start, end), [table.rows, start, end]);
  const ids = shown.map((row) => row.id);

  // Asked again when the list grows or frees up, in case the view is still at its end.
  const nearEnd = useRef(onNearEnd);
  nearEnd.current = onNearEnd;
  useEffect(() => {
    if (end >= total && !isDisabled) nearEnd.current?.();
  }, [end, total, isDisabled]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useFocusAfterRowLeaves(scroller, table.rows, start);

  const nameOf = (id: UniqueIdentifier) => shown.find((row) => row.id === id)?.name ?? `#${id}`;
  const announcements = useDragAnnouncements(ids, nameOf, { offset: start, total });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || !onReorder) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    const next = arrayMove(ids, from, to);
    // Only the rows whose place changed are sent; the others keep theirs.
    const placements = next.map((id, i) => ({ id, index: start + i + 1 })).filter((p, i) => ids[i] !== p.id);
    onReorder(placements);
  };

  const renderCell = (row: T, columnId: string): ReactNode =>
    columnId === REORDER ? (
      canDrag(row) ? (
        <DragHandle label={`Reorder ${row.name}`} />
      ) : null
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
        disabled={!isSortable || isDisabled}
      >
        <DataTable<T>
          {...table}
          columns={isSortable ? [reorderColumn, ...table.columns] : table.columns}
          rows={shown}
          renderCell={renderCell}
          rowAs={SortableRow}
          spaceBefore={start * rowPx}
          spaceAfter={(total - end) * rowPx}
          frameRef={scroller}
        />
      </SortableContext>
    </DndContext>
  );
}
