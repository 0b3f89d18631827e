import { and, ilike, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { isGroupWide, type Scope, wholeGroup } from '@/shared/access';
import { listReads } from '../db/listReads';
import type { Db } from '../db/open';
import { withRowMapper } from '../db/rowMapper';
import { inBoundScope, scopeValues } from './access/scope';
import { inView, type LifecycleTable, listOrder } from './lifecycle';
import { likePattern, pageWindow } from './paginate';

/**
 * What a list with a bin shows and searches. `select` is the query before its WHERE (columns
 * and joins); `toItem` turns one of its rows into what the API answers.
 */
export interface ListSource<Row, Item> {
  /** Names the prepared statements; one per list. */
  name: string;
  lifecycle: LifecycleTable;
  /** The text a search looks through; an index on the same expression serves it. */
  searchText: SQL;
  /** The list's columns and joins; `extra` columns are added beside them (see `ListExtras`). */
  select: (db: Db, extra?: ListExtras) => PgSelect;
  toItem: (row: Row) => Item;
}

/**
 * The columns `listBoth` adds to each tab's page, so both pages and both totals come back from
 * one statement: which tab a row is on, and on the active tab's rows the two totals.
 */
export interface ListExtras {
  binned: SQL<boolean>;
  totals: SQL<number[] | null>;
}

export interface ListQuery {
  search: string;
  page: number;
  /** Rows per page; -1 puts every row on one page. */
  perPage: number;
}

/**
 * What narrows one call of a list with a bin (the users a scoped caller may see, a filter):
 * `where` holds `sql.placeholder`s bound from `values`, and `key` names its shape, so each shape
 * is one prepared statement. A list called without it keeps its plain statements.
 */
export interface ListNarrowing {
  key: string;
  where: SQL;
  values: Record<string, unknown>;
}

export interface ListAnswer<Item> {
  active: { rows: Item[]; total: number };
  trashed: { rows: Item[]; total: number };
}

/** The largest LIMIT PostgreSQL takes: a page of every row without another statement text. */
const EVERY_ROW = 2_147_483_647;

type Statement = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * Statements are prepared once per database and named, so PostgreSQL parses each once per
 * connection (and, but for a search, plans it once: see `listReads`) and every later call only binds
 * values; each maps its rows by a function made for it once (see `withRowMapper`). A search and no
 * search are different statements: a pattern that matches everything would still walk the trigram
 * index.
 */
const prepared = new WeakMap<Db, Map<string, Statement>>();

function statement(db: Db, name: string, build: () => Statement): Statement {
  let byName = prepared.get(db);
  if (!byName) {
    byName = new Map();
    prepared.set(db, byName);
  }
  let found = byName.get(name);
  if (!found) {
    found = withRowMapper(build());
    byName.set(name, found);
  }
  return found;
}

/**
 * What a list's statements are prepared for: a search or not, and every row or a scoped user's
 * (their brands and dealerships bound per call). Each is its own named statement, so the
 * group-wide list stays the statement it always was.
 */
interface Variant {
  searching: boolean;
  scoped: boolean;
}

const variantName = (v: Variant) => `${v.searching ? 'search' : 'all'}${v.scoped ? '_scoped' : ''}`;

/** A statement's name: the list, what it does, its variant, and how it is narrowed (users' filters). */
const statementName = (source: { name: string }, what: string, v: Variant, narrow?: ListNarrowing) =>
  `${source.name}_${what}_${variantName(v)}${narrow ? `_${narrow.key}` : ''}`;

function searchWhere(
  source: ListSource<unknown, unknown>,
  v: Variant,
  narrow?: ListNarrowing,
): SQL | undefined {
  const owner = source.lifecycle.owner;
  return and(
    v.searching ? ilike(source.searchText, sql.placeholder('pattern')) : undefined,
    v.scoped && owner ? inBoundScope(owner) : undefined,
    narrow?.where,
  );
}

function countStatement(
  db: Db,
  source: ListSource<unknown, unknown>,
  v: Variant,
  narrow?: ListNarrowing,
): Statement {
  const t = source.lifecycle;
  const name = statementName(source, 'count', v, narrow);
  return statement(db, name, () =>
    db
      .select({
        active: sql<number>`count(*) filter (where ${t.deletedAt} is null)`.mapWith(Number),
        trashed: sql<number>`count(${t.deletedAt})`.mapWith(Number),
      })
      .from(t.table)
      .where(searchWhere(source, v, narrow))
      .prepare(name),
  );
}

/** One page of `select` under `where`, in `order`: limit and offset (and the pattern) are bound per call. */
function pageStatement(
  db: Db,
  name: string,
  select: (db: Db) => PgSelect,
  where: () => SQL | undefined,
  order: SQL[],
): Statement {
  return statement(db, name, () =>
    select(db)
      .where(where())
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

/**
 * Both tabs' pages in one statement (`(active page) union all (bin page)`), the active rows
 * carrying both totals, counted once in a scalar subquery: one round trip per list call.
 */
function bothStatement(
  db: Db,
  source: ListSource<unknown, unknown>,
  v: Variant,
  narrow?: ListNarrowing,
): Statement {
  const name = statementName(source, 'both', v, narrow);
  // Built only the first time: after that, a call finds its statement by name alone.
  return statement(db, name, () => {
    const t = source.lifecycle;
    const search = searchWhere(source, v, narrow);
    const totals = sql<
      number[]
    >`(select array[count(*) filter (where ${t.deletedAt} is null), count(${t.deletedAt})]::int[] from ${t.table}${search ? sql` where ${search}` : sql``})`;
    const tab = (trashed: boolean) =>
      source
        .select(db, {
          binned: trashed ? sql<boolean>`true` : sql<boolean>`false`,
          totals: trashed ? sql<null>`null::int[]` : totals,
        })
        .where(and(inView(t, trashed), search))
        .orderBy(...listOrder(t, trashed))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    return tab(false).unionAll(tab(true)).prepare(name);
  });
}

/** The values every list statement binds: the pattern when searching, and the page window. */
function bindings(query: ListQuery, scope: Scope = wholeGroup) {
  const { limit, offset } = pageWindow(query.page, query.perPage);
  return {
    ...(query.search !== '' ? { pattern: likePattern(query.search) } : {}),
    ...(isGroupWide(scope) ? {} : scopeValues(scope)),
    limit: limit ?? EVERY_ROW,
    offset,
  };
}

/**
 * Both tabs of a list with a bin, as the list call answers them: one page of active rows, one
 * page of binned rows, and both totals, from one statement. Only when no active row is on the
 * page (an empty list, a page past the active rows) are the totals counted by a second one.
 */
export async function listBoth<Row, Item>(
  db: Db,
  source: ListSource<Row, Item>,
  query: ListQuery,
  /** The user's scope: a scoped user's tabs and totals hold only their brands' and dealerships' rows. */
  scope: Scope = wholeGroup,
  /** A narrower list still (the users list's filters), as its own named statement. */
  narrow?: ListNarrowing,
): Promise<ListAnswer<Item>> {
  const loose = source as unknown as ListSource<unknown, unknown>;
  const v: Variant = {
    searching: query.search !== '',
    scoped: !isGroupWide(scope) && source.lifecycle.owner !== undefined,
  };
  const values = { ...narrow?.values, ...bindings(query, v.scoped ? scope : wholeGroup) };
  // A search's plan depends on its pattern; any other list keeps one plan (listReads.ts).
  const q = v.searching ? db : listReads(db);
  // The rows are the source's own Row type plus the extras; the builder's generic type cannot carry it here.
  const rows = (await bothStatement(q, loose, v, narrow).execute(values)) as Array<
    Row & { binned: boolean; totals: number[] | null }
  >;
  const active = rows.filter((row) => !row.binned);
  let totals = active[0]?.totals?.map(Number);
  if (!totals) {
    const [counts] = (await countStatement(q, loose, v, narrow).execute(values)) as {
      active: number;
      trashed: number;
    }[];
    totals = [counts?.active ?? 0, counts?.trashed ?? 0];
  }
  return {
    active: { rows: active.map(source.toItem), total: totals[0] ?? 0 },
    trashed: { rows: rows.filter((row) => row.binned).map(source.toItem), total: totals[1] ?? 0 },
  };
}

/** What a list without a bin shows and searches (reservations, responses): one view, in `order`. */
export interface PagedSource<Row, Item> {
  /** Names the prepared statements; one per list. */
  name: string;
  table: PgTable;
  searchText: SQL;
  select: (db: Db) => PgSelect;
  order: SQL[];
  /**
   * What narrows the list for good (responses of one form). Values that change per call are
   * `sql.placeholder('name')`, bound through `listPage`'s `values`, so one statement serves all.
   */
  where?: SQL;
  toItem: (row: Row) => Item;
}

/** One page of a list without a bin and the total that matches, counted beside it. */
export async function listPage<Row, Item>(
  db: Db,
  source: PagedSource<Row, Item>,
  query: ListQuery,
  values: Record<string, unknown> = {},
): Promise<{ rows: Item[]; total: number }> {
  const searching = query.search !== '';
  // Built only with the statements, the first time: a later call finds them by name alone.
  const where = () =>
    and(source.where, searching ? ilike(source.searchText, sql.placeholder('pattern')) : undefined);
  const suffix = searching ? 'search' : 'all';
  const bound = { ...values, ...bindings(query) };
  const q = searching ? db : listReads(db);
  // Named apart from the statements of a list with a bin: a name may only ever mean one text.
  const count = statement(q, `${source.name}_paged_count_${suffix}`, () =>
    q
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(source.table)
      .where(where())
      .prepare(`${source.name}_paged_count_${suffix}`),
  );
  const page = pageStatement(q, `${source.name}_paged_${suffix}`, source.select, where, source.order);
  const [counted, rows] = await Promise.all([
    count.execute(bound) as Promise<{ total: number }[]>,
    // As above: the rows are the source's own Row type.
    page.execute(bound) as Promise<Row[]>,
  ]);
  return { rows: rows.map(source.toItem), total: counted[0]?.total ?? 0 };
}
