import { count, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Paginator, PaginatorLink } from '@/api/contract/common';
import type { Db } from '../db/open';

export const PAGE_SIZE = 25;

/** Offset and limit for a 1-based page; perPage -1 means every record (spec §9). */
export function pageWindow(
  page: number,
  perPage: number = PAGE_SIZE,
): { limit: number | null; offset: number } {
  if (perPage === -1) return { limit: null, offset: 0 };
  return { limit: perPage, offset: (page - 1) * perPage };
}

/** The page size a list query asks for: -1 means every record, nothing (or 0) the usual size. */
export function pageSize(perPage: number | undefined): number {
  return perPage === -1 ? -1 : perPage && perPage > 0 ? perPage : PAGE_SIZE;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where clients reach the API (PUBLIC_URL, no trailing slash). Paginator links start with it;
     * without it they are relative. Never the request's Host header: a client controls that.
     */
    publicUrl: string | null;
  }
}

/** Pages on each side of the current one in a long list of links (Laravel's `onEachSide`). */
const ON_EACH_SIDE = 3;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The page numbers a paginator links to, with '...' where pages are left out: Laravel's
 * UrlWindow. Every page under 14 pages; otherwise the first two, the last two, and the pages
 * around the current one.
 */
export function linkedPages(current: number, last: number): Array<number | '...'> {
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + ON_EACH_SIDE - 1), last)];
  return [1, 2, '...', ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), '...', last - 1, last];
}

/** Laravel's English labels of the first and last entry of `links` (lang/en/pagination.php). */
export const PREVIOUS_LABEL = '&laquo; Previous';
export const NEXT_LABEL = 'Next &raquo;';

const written = (part: [string, string][]) => new URLSearchParams(part).toString();

/**
 * A page's link: the request's query with its page set, as `URLSearchParams.set` and `toString`
 * write it (the page where it first stood, or last; any other value of it dropped). The query is
 * written once around the page's place, for a list has up to 30 links and two paginators.
 */
function pageLink(path: string, search: string, pageParam: string): (page: number) => string {
  const params = new URLSearchParams(search);
  params.set(pageParam, '1');
  const entries = [...params];
  const at = entries.findIndex(([key]) => key === pageParam);
  const before = written(entries.slice(0, at));
  const after = written(entries.slice(at + 1));
  // The page's name as a query writes it, e.g. `page=`; a page number needs no escaping.
  const head = `${path}?${before ? `${before}&` : ''}${written([[pageParam, '']])}`;
  const tail = after ? `&${after}` : '';
  return (page) => `${head}${page}${tail}`;
}

/**
 * Builds Laravel's length-aware paginator, keeping the request's other query values in its links.
 * As Laravel does, a page past the last is served empty; its previous page is the last page there
 * is, so Previous leads back to rows rather than through every empty page in between.
 */
export function paginate<T>(
  request: FastifyRequest,
  rows: T[],
  total: number,
  page: number,
  perPage: number = PAGE_SIZE,
  pageParam = 'page',
): Paginator<T> {
  const size = perPage === -1 ? Math.max(total, 1) : perPage;
  const lastPage = Math.max(1, Math.ceil(total / size));
  // Parsed against a fixed base only to split path and query; the origin never reaches the links.
  const url = new URL(request.url, 'http://localhost');
  const path = `${request.server.publicUrl ?? ''}${url.pathname}`;
  const link = pageLink(path, url.search, pageParam);
  const from = rows.length ? (page - 1) * size + 1 : null;
  const prev = page > 1 ? link(Math.min(page - 1, lastPage)) : null;
  const next = page < lastPage ? link(page + 1) : null;
  const links: PaginatorLink[] = [
    { url: prev, label: PREVIOUS_LABEL, active: false },
    ...linkedPages(page, lastPage).map((n) =>
      n === '...'
        ? { url: null, label: n, active: false }
        : { url: link(n), label: String(n), active: n === page },
    ),
    { url: next, label: NEXT_LABEL, active: false },
  ];
  // In the contract's order, which the answer is written in: an answer whose keys are in that
  // order is written by JSON.stringify (server/http/serializer.ts).
  return {
    data: rows,
    current_page: page,
    last_page: lastPage,
    per_page: size,
    from,
    to: from === null ? null : from + rows.length - 1,
    total,
    path,
    first_page_url: link(1),
    last_page_url: link(lastPage),
    prev_page_url: prev,
    next_page_url: next,
    links,
  };
}

/** Escapes a user's search text for ILIKE. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of a table and the total that matches. Two plain queries: on PostgreSQL (and
 * PGlite) a separate count is cheaper than `count(*) over()`, which must see every row.
 */
export async function selectPage<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: (PgColumn | SQL)[],
  page: number,
  perPage: number = PAGE_SIZE,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const { limit, offset } = pageWindow(page, perPage);
  let query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .offset(offset)
    .$dynamic();
  if (limit !== null) query = query.limit(limit);
  const [rows, counted] = await Promise.all([
    query,
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: counted[0]?.total ?? 0 };
}

/**
 * One page of a table in `order`, whose index holds every column `where` and `order` read: the
 * page's ids are found in the index alone (an index-only scan steps over the skipped rows without
 * reading them), and only the page's own rows are read whole. A late page costs what the first
 * does, give or take a few index pages.
 */
export async function selectPageByIndex<T extends PgTable>(
  db: Db,
  table: T,
  id: PgColumn,
  where: SQL | undefined,
  orderBy: (PgColumn | SQL)[],
  page: number,
  perPage: number = PAGE_SIZE,
): Promise<T['$inferSelect'][]> {
  const { limit, offset } = pageWindow(page, perPage);
  let ids = db
    .select({ id })
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .offset(offset)
    .$dynamic();
  if (limit !== null) ids = ids.limit(limit);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(inArray(id, ids))
    .orderBy(...orderBy);
  return rows as T['$inferSelect'][];
}
