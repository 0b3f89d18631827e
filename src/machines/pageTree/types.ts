import type { ListContext, ListEvent } from '../list';

/** What the machine needs of a row: enough to know which actions the spec allows on it. */
export interface TreeRow {
  id: number;
  name: string;
  locked: 0 | 1;
  total_children: number;
}

/**
 * One answer of `load`: the rows in their order, and whether the parent lets them be reordered by
 * hand. A long list comes a page at a time: `total` counts every row, loaded or not.
 */
export interface TreeList<T extends TreeRow = TreeRow> {
  rows: T[];
  /** Every row of the list; more than `rows` while pages are still to load. */
  total: number;
  /** True when the parent's sort_by is sort_order (spec §4 Page order). */
  sortable: boolean;
}

/**
 * What `load` is asked for: the first `pages` pages as one answer (the first load and every
 * reload keep what was scrolled to), or `more`: only page `pages`, to add after the rows shown.
 */
export interface TreeLoadInput {
  pages: number;
  more: boolean;
}

/** A row's new place: 1-based, as pages/sort takes it. */
export interface Placement {
  id: number;
  index: number;
}

export interface DuplicateFields {
  name: string;
  children: boolean;
  publish_children: boolean;
}

/**
 * The paged list's context (list.ts): `data` the rows so far, `page` how many pages of them are
 * loaded, `error` why the last load failed. A tree list has no search box of its own (search is
 * '' throughout); the page search of /pages is a list of its own. Plus the tree's actions.
 */
export interface TreeContext extends ListContext<TreeList> {
  /** The row a confirm is about: toggling published or deleting. */
  pending: { action: 'publish' | 'delete'; id: number } | null;
  /** The row the move or duplicate modal is open for. */
  target: { action: 'move' | 'duplicate'; id: number } | null;
  /** Placements being saved; the rows show in that order meanwhile. */
  placements: Placement[] | null;
  fieldErrors: Record<string, string>;
}

export type TreeEvent =
  | Extract<ListEvent, { type: 'list.reload' | 'list.retry' }>
  /** The rows shown are nearly all seen: the next page loads, if there is one. */
  | { type: 'list.more' }
  | { type: 'publish.ask'; id: number }
  | { type: 'delete.ask'; id: number }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'move.open'; id: number }
  | { type: 'duplicate.open'; id: number }
  | { type: 'modal.close' }
  | { type: 'move.submit'; parent: number | null }
  | { type: 'duplicate.submit'; parent: number | null; fields: DuplicateFields }
  | { type: 'reorder'; placements: Placement[] }
  | { type: 'delete.undo'; id: number };

export interface MoveInput {
  id: number;
  parent: number | null;
}
export interface DuplicateInput extends MoveInput {
  fields: DuplicateFields;
}
