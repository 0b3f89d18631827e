import { type SQL, sql } from 'drizzle-orm';
import { isGroupWide, type Scope } from '@/shared/access';
import { inScope } from '../access/scope';

/**
 * Where a page or form belongs: its brand, or (a page saved without one) the nearest brand above
 * it in the tree; a page with no brand on its way to the top is the group's. The server does not
 * make a child take its parent's brand (the builder preloads it, and a section of one brand holds
 * other brands' pages), so the brand column alone would leave a brandless page under a brand's
 * section to the group: the walk up gives it to the brand whose subtree it is in.
 *
 * `row` names the pages row in the statement (`"pages"` in Drizzle's queries, an alias in raw
 * SQL). The walk runs only for a page without a brand (coalesce stops at the first value), and
 * only the scoped users' statements carry it.
 */
export function pageBrand(row: SQL = sql`"pages"`): SQL {
  return sql`coalesce(${row}."brand_id", (
    with recursive up(parent_id, brand_id, depth) as (
      select a.parent_id, a.brand_id, 0 from pages a where a.id = ${row}."parent_id"
      union all
      select a.parent_id, a.brand_id, up.depth + 1 from pages a join up on a.id = up.parent_id
      where up.brand_id is null and up.depth < 1000
    )
    select brand_id from up where brand_id is not null limit 1))`;
}

/** The scope as a condition on a pages row; undefined for a group-wide user. */
export function pageInScope(scope: Scope, row?: SQL): SQL | undefined {
  return inScope(scope, { brand: pageBrand(row) });
}

/** As `pageInScope`, as SQL that is always there (`true` for a group-wide user), for raw statements. */
export function pageScopeSql(scope: Scope, row: SQL): SQL {
  return pageInScope(scope, row) ?? sql`true`;
}

/**
 * The top of a scoped user's part of the tree: pages in their scope whose parent is not (their
 * brands' sections under the group's). A group-wide user's top is the top level itself.
 */
export function topOfScope(scope: Scope): SQL | undefined {
  if (isGroupWide(scope)) return undefined;
  return sql`(${pageInScope(scope)} and ("pages"."parent_id" is null or not exists (
    select 1 from pages parent where parent.id = "pages"."parent_id" and ${pageScopeSql(scope, sql`parent`)})))`;
}

/**
 * Whether a live page below page `id` lies outside the scope, as SQL: true when one does. The page
 * itself is taken to be in the scope (the caller found it there), so a page below saved without a
 * brand is inside exactly when the page above it is, as `pageBrand` walking up would say; the walk
 * carries that answer down instead of walking up from every page. It stops at the first page
 * outside. For a scoped user only: a group-wide user reaches every page.
 */
export function othersBelow(scope: Scope, id: number | SQL): SQL {
  const inside = (above: SQL) =>
    sql`case when c.brand_id is null then ${above} else coalesce(${inScope(scope, { brand: sql`c.brand_id` }) ?? sql`true`}, false) end`;
  return sql`exists (
    with recursive down(id, inside, depth) as (
      select c.id, ${inside(sql`true`)}, 1 from pages c where c.parent_id = ${id} and c.deleted_at is null
      union all
      select c.id, ${inside(sql`down.inside`)}, down.depth + 1 from pages c join down on c.parent_id = down.id
      where c.deleted_at is null and down.depth < 1000
    )
    select 1 from down where not down.inside)`;
}
