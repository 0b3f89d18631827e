import { eq } from 'drizzle-orm';
import { pages } from '../../db/schema/pages';
import type { OrderedList } from '../ordering';

export type TreeKind = 'page' | 'form';

/** One parent's children: a page id, or null for the top level of a kind. */
export interface Scope {
  kind: TreeKind;
  parent: number | null;
}

/**
 * Each tree is an ordered list per parent (scope = parent_id): children hold positions 1..n, and
 * a deleted page waiting for Undo is in no list. Pages and forms share the table, so each tree
 * takes only the rows of its kind (their top levels both have no parent).
 */
const lists: Record<TreeKind, OrderedList> = {
  page: {
    name: 'pages',
    table: pages,
    id: pages.id,
    position: pages.sortOrder,
    deletedAt: pages.deletedAt,
    scope: pages.parentId,
    among: eq(pages.kind, 'page'),
    shiftInPlace: true,
    key: 'data',
    noun: 'pages',
  },
  form: {
    name: 'forms',
    table: pages,
    id: pages.id,
    position: pages.sortOrder,
    deletedAt: pages.deletedAt,
    scope: pages.parentId,
    among: eq(pages.kind, 'form'),
    shiftInPlace: true,
    key: 'data',
    noun: 'forms',
  },
};

export function treeList(kind: TreeKind): OrderedList {
  return lists[kind];
}

/** A child's new place as pages/sort takes it: 1-based. */
export interface Placement {
  id: number;
  index: number;
}
