import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PageCrumb, PageSummary } from '@/api/contract/pages';
import { type Scope as AccessScope, isGroupWide, wholeGroup } from '@/shared/access';
import { MAX_SERIAL_ID } from '../../db/errors';
import type { Db } from '../../db/open';
import { pages } from '../../db/schema/pages';
import { isoTime, isoTimeOrNull } from '../isoTime';
import type { Scope, TreeKind } from './lists';
import { othersBelow, pageInScope, pageScopeSql, topOfScope } from './scope';
import { rowsOf } from './transaction';

export type PageRow = typeof pages.$inferSelect;

/** Children still in the tree (a deleted page waiting for Undo is not one). */
// Spelled out in full: Drizzle writes a lone column without its table, which `c` would capture.
export const totalChildren = sql<number>`(select count(*)::int from pages c where c.parent_id = "pages"."id" and c.deleted_at is null)`;

const live = isNull(pages.deletedAt);

export function toSummary(row: PageRow, children: number, others?: boolean): PageSummary {
  return {
    ...(others === undefined ? {} : { others_below: others }),
    id: row.id,
    name: row.name,
    slug: row.slug,
    brand_id: row.brandId,
    published: row.published ? 1 : 0,
    published_at: isoTimeOrNull(row.publishedAt),
    unpublish_at: isoTimeOrNull(row.unpublishAt),
    locked: row.locked ? 1 : 0,
    child_template_id: row.childTemplateId,
    sort_by: row.sortBy,
    sort_by_mode: row.sortByMode,
    parent_id: row.parentId,
    total_children: children,
    is_allowed_children: row.isAllowedChildren ? 1 : 0,
    is_tree_recursive: row.isTreeRecursive ? 1 : 0,
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
  };
}

/**
 * A live page of a kind within the scope (any for a group-wide user), or null (ids beyond the
 * column's range name no page).
 */
export async function findPage(
  db: Db,
  kind: TreeKind,
  id: number,
  scope: AccessScope = wholeGroup,
): Promise<PageRow | null> {
  if (id > MAX_SERIAL_ID) return null;
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.id, id), eq(pages.kind, kind), live, pageInScope(scope)));
  return row ?? null;
}

export async function countChildren(db: Db, id: number): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pages where parent_id = ${id} and deleted_at is null`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** A page as lists show it; its children counted as the user's scope shows them. */
export async function summaryOf(
  db: Db,
  row: PageRow,
  access: AccessScope = wholeGroup,
): Promise<PageSummary> {
  if (isGroupWide(access)) return toSummary(row, await countChildren(db, row.id));
  const [children, others] = await Promise.all([
    childCounts(db, [row.id], access),
    othersBelowEach(db, [row.id], access),
  ]);
  return toSummary(row, children.get(row.id) ?? 0, others.has(row.id));
}

/** How a parent's sort_by and sort_by_mode order its children; ties by id, undated last. */
export function childOrder(parent: Pick<PageRow, 'sortBy' | 'sortByMode'> | null): SQL[] {
  const dir = parent?.sortByMode === 'desc' ? desc : asc;
  if (parent?.sortBy === 'published_at') {
    return [
      sql`${pages.publishedAt} ${parent.sortByMode === 'desc' ? sql`desc` : sql`asc`} nulls last`,
      dir(pages.id),
    ];
  }
  return [dir(pages.sortOrder), dir(pages.id)];
}

/**
 * One parent's children, as the user's scope shows them. A scoped user's top level is the top of
 * their part of the tree (their brands' sections, wherever the group's tree holds them).
 */
const scopeWhere = (scope: Scope, access: AccessScope) =>
  scope.parent === null
    ? and(isGroupWide(access) ? isNull(pages.parentId) : topOfScope(access), eq(pages.kind, scope.kind), live)
    : and(eq(pages.parentId, scope.parent), live, pageInScope(access));

/** One parent's children in its order, optionally one page of them, within the user's scope. */
export async function listChildren(
  db: Db,
  scope: Scope,
  parent: PageRow | null,
  window?: { page: number; perPage: number },
  access: AccessScope = wholeGroup,
): Promise<{ rows: PageSummary[]; total: number }> {
  const query = db
    .select()
    .from(pages)
    .where(scopeWhere(scope, access))
    .orderBy(...childOrder(parent));
  const [rows, counted] = await Promise.all([
    window ? query.limit(window.perPage).offset((window.page - 1) * window.perPage) : query,
    window && isGroupWide(access)
      ? db.execute(
          scope.parent === null
            ? sql`select count(*)::int as n from pages where parent_id is null and kind = ${scope.kind} and deleted_at is null`
            : sql`select count(*)::int as n from pages where parent_id = ${scope.parent} and deleted_at is null`,
        )
      : window
        ? db.select({ n: sql<number>`count(*)::int` }).from(pages).where(scopeWhere(scope, access))
        : null,
  ]);
  const total = counted ? Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) : rows.length;
  // Counted for the rows answered only: counting in the select would count for every row an offset skips.
  const ids = rows.map((row) => row.id);
  const [children, others] = await Promise.all([
    childCounts(db, ids, access),
    isGroupWide(access) ? null : othersBelowEach(db, ids, access),
  ]);
  return {
    rows: rows.map((row) =>
      toSummary(row, children.get(row.id) ?? 0, others ? others.has(row.id) : undefined),
    ),
    total,
  };
}

/**
 * Which of these pages have pages outside a scoped user's scope below them (`othersBelow`, the
 * writes' own check, asked of each): the console offers their publishing, moving and deleting
 * disabled, as the server refuses them.
 */
async function othersBelowEach(db: Db, ids: number[], access: AccessScope): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(sql`
    select p.id from pages p
    where p.id = any(${`{${ids.join(',')}}`}::int[]) and ${othersBelow(access, sql`p.id`)}`);
  return new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
}

/**
 * How many live children each of these pages has (one grouped query over the parent index); a
 * scoped user counts the children they can open.
 */
async function childCounts(db: Db, ids: number[], access: AccessScope): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const scoped = isGroupWide(access) ? sql`` : sql` and ${pageScopeSql(access, sql`"pages"`)}`;
  const result = await db.execute(sql`
    select parent_id, count(*)::int as n from pages
    where parent_id = any(${`{${ids.join(',')}}`}::int[]) and deleted_at is null${scoped}
    group by parent_id`);
  return new Map(
    rowsOf<{ parent_id: number; n: number }>(result).map((r) => [Number(r.parent_id), Number(r.n)]),
  );
}

/**
 * The way from the top of the tree down to a page's parent: top level first. A scoped user's way
 * starts at the top of their part of the tree: the group's pages above it are not theirs to name.
 */
export async function ancestorsOf(
  db: Db,
  id: number,
  access: AccessScope = wholeGroup,
): Promise<PageCrumb[]> {
  const reachable = isGroupWide(access) ? sql`` : sql` and ${pageScopeSql(access, sql`p`)}`;
  const result = await db.execute(sql`
    with recursive up(id, name, parent_id, depth) as (
      select id, name, parent_id, 0 from pages where id = ${id}
      union all
      select p.id, p.name, p.parent_id, up.depth + 1 from pages p join up on p.id = up.parent_id
      where up.depth < 1000${reachable}
    )
    select id, name from up where depth > 0 order by depth desc`);
  return rowsOf<{ id: number; name: string }>(result).map((r) => ({ id: Number(r.id), name: r.name }));
}

/**
 * A page and everything below it, parents before children (depth order). For a scoped user, the
 * part of it within their scope: the walk does not go into another brand's pages.
 */
export async function subtreeOf(
  db: Db,
  id: number,
  access: AccessScope = wholeGroup,
): Promise<(PageRow & { depth: number })[]> {
  const reachable = isGroupWide(access) ? sql`` : sql` and ${pageScopeSql(access, sql`p`)}`;
  const result = await db.execute(sql`
    with recursive down(id, depth) as (
      select id, 0 from pages where id = ${id} and deleted_at is null
      union all
      select p.id, down.depth + 1 from pages p join down on p.parent_id = down.id
      where p.deleted_at is null and down.depth < 1000${reachable}
    )
    select id, depth from down order by depth, id`);
  const found = rowsOf<{ id: number; depth: number }>(result);
  if (found.length === 0) return [];
  const depth = new Map(found.map((r) => [Number(r.id), Number(r.depth)]));
  const rows: PageRow[] = [];
  const ids = [...depth.keys()];
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    rows.push(
      ...(await db
        .select()
        .from(pages)
        .where(sql`${pages.id} = any(${`{${chunk.join(',')}}`}::int[])`)),
    );
  }
  return rows
    .map((row) => ({ ...row, depth: depth.get(row.id) ?? 0 }))
    .sort((a, b) => a.depth - b.depth || a.sortOrder - b.sortOrder);
}

/** Matches read before ranking: enough that the best hits are among them, few enough to stay fast. */
const SEARCH_CANDIDATES = 400;

/** Pages whose name or slug holds the text, through the trigram index, each with its way down. */
export async function searchPages(
  db: Db,
  search: string,
  limit = 20,
  access: AccessScope = wholeGroup,
): Promise<(PageSummary & { path: PageCrumb[] })[]> {
  const reachable = isGroupWide(access) ? sql`` : sql` and ${pageScopeSql(access, sql`p`)}`;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // A scoped user's candidates are their own pages' matches, so another brand's cannot crowd them out.
  const candidates = isGroupWide(access)
    ? sql`select page_id from page_search where text ilike ${pattern} limit ${SEARCH_CANDIDATES}`
    : sql`select s.page_id from page_search s join pages q on q.id = s.page_id
        where s.text ilike ${pattern} and q.kind = 'page' and q.deleted_at is null
          and ${pageScopeSql(access, sql`q`)}
        limit ${SEARCH_CANDIDATES}`;
  // The shortest slugs (nearest the top) rank first. Only the page of hits that is answered gets
  // its children counted and its path built: doing that for every match costs per match.
  // The matches are read unordered with a limit, through the trigram index alone: with a limit and
  // many matches the planner may prefer reading the table from the start and stopping early, which
  // is slow when the matches lie at its end, so the index is always cheaper here.
  const ranked = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute(sql`
      select p.id from pages p
      where p.id in (${candidates})
        and p.kind = 'page' and p.deleted_at is null${reachable}
      order by length(p.slug), p.id
      limit ${limit}`);
  });
  const ids = rowsOf<{ id: number }>(ranked).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const idList = `{${ids.join(',')}}`;
  const [hits, result] = await Promise.all([
    db
      .select({ page: pages, children: totalChildren })
      .from(pages)
      .where(sql`${pages.id} = any(${idList}::int[])`),
    db.execute(sql`
      with recursive up(hit, id, name, parent_id, depth) as (
        select id, id, name, parent_id, 0 from pages where id = any(${idList}::int[])
        union all
        select up.hit, p.id, p.name, p.parent_id, up.depth + 1 from pages p join up on p.id = up.parent_id
        where up.depth < 1000${reachable}
      )
      select hit, id, name, depth from up where depth > 0 order by hit, depth desc`),
  ]);
  const paths = new Map<number, PageCrumb[]>();
  for (const r of rowsOf<{ hit: number; id: number; name: string }>(result)) {
    const list = paths.get(Number(r.hit)) ?? [];
    list.push({ id: Number(r.id), name: r.name });
    paths.set(Number(r.hit), list);
  }
  const byId = new Map(hits.map((h) => [h.page.id, h]));
  return ids.flatMap((id) => {
    const hit = byId.get(id);
    return hit ? [{ ...toSummary(hit.page, hit.children), path: paths.get(id) ?? [] }] : [];
  });
}
