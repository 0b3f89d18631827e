import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { rowsOf } from './transaction';

export type TreeKind = 'page' | 'form';

/** One parent's children: a page id, or null for the top level of a kind. */
export interface Scope {
  kind: TreeKind;
  parent: number | null;
}

export interface Placement {
  id: number;
  /** 1-based position among the parent's children. */
  index: number;
}

/**
 * How children keep their order: positions are dense and 1-based per parent, only rows whose
 * position changes are written, and writes to one parent's children are serialised by locking
 * the parent (an advisory lock stands in for the top level, which has no row). Every call runs
 * inside the caller's transaction.
 */
export interface TreeOrdering {
  /** Serialises writes to these scopes' children until the transaction ends; call before reading positions. */
  lock(tx: Db, scopes: Scope[]): Promise<void>;
  /** The ids of a scope's children in position order. */
  ids(tx: Db, scope: Scope): Promise<number[]>;
  /** The position a child added last takes. */
  next(tx: Db, scope: Scope): Promise<number>;
  /** Where these children stand now (ids that are not children of the scope are left out). */
  positionsOf(tx: Db, scope: Scope, ids: number[]): Promise<Map<number, number>>;
  /** Closes the gap a child left at `position`. */
  closeGap(tx: Db, scope: Scope, position: number): Promise<void>;
  /** Makes room at `position` for a child coming in. */
  openGap(tx: Db, scope: Scope, position: number): Promise<void>;
  /** Puts the given children at the given positions; the others keep their order around them. */
  place(tx: Db, scope: Scope, placements: Placement[]): Promise<void>;
}

const inScope = (scope: Scope) =>
  scope.parent === null
    ? sql`parent_id is null and kind = ${scope.kind} and deleted_at is null`
    : sql`parent_id = ${scope.parent} and deleted_at is null`;

/** Distinct advisory-lock space for the top level of each kind. */
const TOP_LEVEL_LOCK = { page: 7_301, form: 7_302 } as const;

/** Where each placement should land when the others keep their relative order. */
export function arrange(current: number[], placements: Placement[]): number[] {
  const slots: (number | undefined)[] = new Array(current.length);
  const placed = new Set<number>();
  for (const { id, index } of placements) {
    slots[index - 1] = id;
    placed.add(id);
  }
  const rest = current.filter((id) => !placed.has(id));
  let next = 0;
  for (let i = 0; i < slots.length; i++) {
    if (slots[i] === undefined) slots[i] = rest[next++];
  }
  return slots as number[];
}

export const sqlTreeOrdering: TreeOrdering = {
  async lock(tx, scopes) {
    // Always in the same order (top levels first, then parents by id), so two writers that need
    // the same two parents take them alike and do not deadlock each other.
    const tops = [...new Set(scopes.filter((s) => s.parent === null).map((s) => s.kind))].sort();
    for (const kind of tops) {
      await tx.execute(sql`select pg_advisory_xact_lock(${TOP_LEVEL_LOCK[kind]}, 0)`);
    }
    const parents = [...new Set(scopes.map((s) => s.parent).filter((p): p is number => p !== null))];
    parents.sort((a, b) => a - b);
    for (const parent of parents) {
      await tx.execute(sql`select id from pages where id = ${parent} for update`);
    }
  },

  async ids(tx, scope) {
    const result = await tx.execute(
      sql`select id from pages where ${inScope(scope)} order by sort_order, id`,
    );
    return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  },

  async next(tx, scope) {
    const result = await tx.execute(
      sql`select coalesce(max(sort_order), 0)::int + 1 as next from pages where ${inScope(scope)}`,
    );
    return Number(rowsOf<{ next: number }>(result)[0]?.next ?? 1);
  },

  async positionsOf(tx, scope, ids) {
    const result = await tx.execute(
      sql`select id, sort_order from pages where ${inScope(scope)} and id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    return new Map(
      rowsOf<{ id: number; sort_order: number }>(result).map((r) => [Number(r.id), r.sort_order]),
    );
  },

  async closeGap(tx, scope, position) {
    await tx.execute(
      sql`update pages set sort_order = sort_order - 1 where ${inScope(scope)} and sort_order > ${position}`,
    );
  },

  async openGap(tx, scope, position) {
    await tx.execute(
      sql`update pages set sort_order = sort_order + 1 where ${inScope(scope)} and sort_order >= ${position}`,
    );
  },

  async place(tx, scope, placements) {
    if (placements.length === 1) {
      // One row moving: only the rows between its old and new place shift by one, in one statement.
      const { id, index } = placements[0]!;
      const from = (await this.positionsOf(tx, scope, [id])).get(id);
      if (from === undefined || from === index) return;
      const [low, high, step] = from < index ? [from + 1, index, -1] : [index, from - 1, 1];
      await tx.execute(sql`
        update pages set sort_order = case when id = ${id} then ${index}::int else sort_order + ${step}::int end
        where ${inScope(scope)} and (id = ${id} or sort_order between ${low} and ${high})`);
      return;
    }
    const current = await this.ids(tx, scope);
    const next = arrange(current, placements);
    // Compared with the dense numbering, so an order that had drifted is repaired as well.
    const was = await tx.execute(sql`select id, sort_order from pages where ${inScope(scope)}`);
    const position = new Map(
      rowsOf<{ id: number; sort_order: number }>(was).map((r) => [Number(r.id), r.sort_order]),
    );
    const changes = next
      .map((id, i) => ({ id, pos: i + 1 }))
      .filter(({ id, pos }) => position.get(id) !== pos);
    if (changes.length === 0) return;
    await tx.execute(sql`
      update pages set sort_order = v.pos
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(id int, pos int)
      where pages.id = v.id`);
  },
};
