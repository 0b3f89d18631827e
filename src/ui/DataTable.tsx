import type { ComponentType, CSSProperties, ReactNode, Ref } from 'react';
import { Checkbox } from './Checkbox';
import { cx } from './cx';
import styles from './DataTable.module.css';
import { RowCheckbox } from './RowCheckbox';
import { Skeleton } from './Skeleton';
import { TableRegion } from './TableRegion';

export interface DataTableColumn {
  id: string;
  label: string;
  hidden?: boolean;
  /** CSS width ('12rem', '20%') or px. */
  width?: string | number;
  align?: 'start' | 'center' | 'end';
  /** Keep the header for screen readers only (a thumbnail or drag-handle column). */
  hideLabel?: boolean;
}

export interface DataTableRowProps<T> {
  row: T;
  className?: string;
  'data-selected'?: true;
  children: ReactNode;
}

export interface DataTableProps<T extends { id: number }> {
  /** Names the table for screen readers ('Users'). */
  label: string;
  columns: readonly DataTableColumn[];
  rows: readonly T[];
  renderCell: (row: T, columnId: string) => ReactNode;
  /** The row's name for its checkbox ('Select Jane Doe'); defaults to row.name, then '#id'. */
  rowLabel?: (row: T) => string;
  /** Selection is on when onToggle is given. */
  selectedIds?: readonly number[];
  onToggle?: (id: number) => void;
  onToggleAll?: () => void;
  /** false leaves the row without a checkbox (the signed-in user's own row). */
  isSelectable?: (row: T) => boolean;
  /** Row actions (IconButton, IconLink) in a last column. */
  renderActions?: (row: T) => ReactNode;
  actionsLabel?: string;
  /** Shows skeleton rows in place of the data. */
  isLoading?: boolean;
  /** The checkboxes cannot change the selection now (the list reloads or acts on its rows). */
  isSelectionDisabled?: boolean;
  skeletonRows?: number;
  /** Shown instead of the table when there are no rows and nothing is loading (an EmptyState). */
  empty?: ReactNode;
  /** Renders each <tr> (e.g. a sortable row with dnd-kit); must render a tr with the given props. */
  rowAs?: ComponentType<DataTableRowProps<T>>;
  /**
   * For a windowed list that renders only the rows in view: blank space in px standing in for
   * the rows above and below them, so the scrollbar stays true to the whole list.
   */
  spaceBefore?: number;
  spaceAfter?: number;
  /** The table's frame (it does not scroll: the page's content area does). */
  frameRef?: Ref<HTMLDivElement>;
  className?: string;
}

function defaultRowLabel(row: { id: number; name?: unknown }): string {
  return typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;
}

function PlainRow<T>({ row: _row, children, ...props }: DataTableRowProps<T>) {
  return <tr {...props}>{children}</tr>;
}

const widthOf = (width: string | number | undefined): CSSProperties | undefined =>
  width === undefined ? undefined : { width: typeof width === 'number' ? `${width}px` : width };

/**
 * A dense table with a sticky header, optional row selection, skeleton rows while loading and a row
 * actions column. It never scrolls sideways: columns without a set width share what is left and cut
 * their text, so the actions stay in reach. A semantic <table>: its cells hold links and buttons that are reached with Tab.
 */
export function DataTable<T extends { id: number }>({
  label,
  columns,
  rows,
  renderCell,
  rowLabel = defaultRowLabel,
  selectedIds = [],
  onToggle,
  onToggleAll,
  isSelectable = () => true,
  renderActions,
  actionsLabel = 'Actions',
  isLoading = false,
  isSelectionDisabled = false,
  skeletonRows = 10,
  empty,
  rowAs: Row = PlainRow,
  spaceBefore = 0,
  spaceAfter = 0,
  frameRef,
  className,
}: DataTableProps<T>) {
  const visible = columns.filter((column) => !column.hidden);
  const selecting = onToggle !== undefined;
  const selectable = rows.filter((row) => isSelectable(row));
  const selected = new Set(selectedIds);
  const selectedCount = selectable.filter((row) => selected.has(row.id)).length;
  const allSelected = selectable.length > 0 && selectedCount === selectable.length;

  if (!isLoading && rows.length === 0 && empty) return <>{empty}</>;

  const alignClass = (column: DataTableColumn) =>
    column.align === 'end' ? styles.end : column.align === 'center' ? styles.center : undefined;

  return (
    <TableRegion label={label} className={cx(styles.frame, className)} ref={frameRef}>
      <table className={styles.table} aria-label={label} aria-busy={isLoading || undefined}>
        <thead>
          <tr>
            {selecting ? (
              <th scope="col" className={cx(styles.th, styles.selectCell)}>
                <Checkbox
                  aria-label="Select all"
                  isSelected={allSelected}
                  isIndeterminate={selectedCount > 0 && !allSelected}
                  isDisabled={isLoading || isSelectionDisabled || selectable.length === 0}
                  onChange={() => onToggleAll?.()}
                />
              </th>
            ) : null}
            {visible.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cx(styles.th, alignClass(column))}
                style={widthOf(column.width)}
              >
                {column.hideLabel ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
            {renderActions ? (
              <th scope="col" className={cx(styles.th, styles.actionsCell)}>
                <span className="sr-only">{actionsLabel}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {spaceBefore > 0 ? <tr data-spacer="" style={{ height: spaceBefore }} /> : null}
          {isLoading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <tr key={index} className={cx(styles.row, styles.skeletonRow)}>
                  {selecting ? (
                    <td className={cx(styles.td, styles.selectCell)}>
                      <Skeleton width={16} height={16} />
                    </td>
                  ) : null}
                  {visible.map((column) => (
                    <td key={column.id} className={styles.td}>
                      <Skeleton width={`${55 + ((index * 7 + column.id.length * 13) % 40)}%`} />
                    </td>
                  ))}
                  {renderActions ? (
                    <td className={cx(styles.td, styles.actionsCell)}>
                      <Skeleton width={56} />
                    </td>
                  ) : null}
                </tr>
              ))
            : rows.map((row) => {
                const isSelected = selected.has(row.id);
                return (
                  <Row
                    key={row.id}
                    row={row}
                    className={styles.row}
                    data-selected={selecting && isSelected ? true : undefined}
                  >
                    {selecting ? (
                      <td className={cx(styles.td, styles.selectCell)}>
                        {isSelectable(row) ? (
                          <RowCheckbox
                            label={`Select ${rowLabel(row)}`}
                            isSelected={isSelected}
                            isDisabled={isSelectionDisabled}
                            onChange={() => onToggle(row.id)}
                          />
                        ) : null}
                      </td>
                    ) : null}
                    {visible.map((column) => (
                      <td
                        key={column.id}
                        className={cx(
                          styles.td,
                          alignClass(column),
                          column.width === undefined && styles.fluid,
                        )}
                      >
                        {renderCell(row, column.id)}
                      </td>
                    ))}
                    {renderActions ? (
                      <td className={cx(styles.td, styles.actionsCell)}>
                        <div className={styles.actions}>{renderActions(row)}</div>
                      </td>
                    ) : null}
                  </Row>
                );
              })}
          {spaceAfter > 0 ? <tr data-spacer="" style={{ height: spaceAfter }} /> : null}
        </tbody>
      </table>
    </TableRegion>
  );
}
