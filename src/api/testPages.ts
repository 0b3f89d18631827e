import type { Paginator } from './contract/common';

interface PageOptions {
  /** The page shown, from 1. */
  page?: number;
  /** Rows on a page; -1 for "all on one page", as the lists' pickers ask. */
  perPage?: number;
  /** Rows in the whole list, when the test shows only some of them. */
  total?: number;
}

/**
 * For tests of screens that read a paged list: `rows` answered as the server's paginator answers
 * one page of the list at `path`, with its counts and page addresses filled in to match.
 */
export function pageOf<T>(
  rows: T[],
  path: string,
  { page = 1, perPage = 25, total = rows.length }: PageOptions = {},
): Paginator<T> {
  const last = perPage > 0 ? Math.max(1, Math.ceil(total / perPage)) : 1;
  const first = perPage > 0 ? (page - 1) * perPage + 1 : 1;
  const url = (n: number) => `${path}?page=${n}`;
  return {
    data: rows,
    current_page: page,
    last_page: last,
    per_page: perPage,
    from: rows.length ? first : null,
    to: rows.length ? first + rows.length - 1 : null,
    total,
    path,
    first_page_url: url(1),
    last_page_url: url(last),
    prev_page_url: page > 1 ? url(page - 1) : null,
    next_page_url: page < last ? url(page + 1) : null,
    links: [],
  };
}
