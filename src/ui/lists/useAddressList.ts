import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { Paginator } from '@/api/contract/common';
import { currentInspect } from '@/machines/inspect';
import { type LoadInput, listMachine } from '@/machines/list';
import { useLatest, useOnce } from './useListLogic';

/** `?search=…&page=…` as a query; a missing or nonsense page is page 1. */
export function readListQuery(search: string): LoadInput {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return { search: params.get('search') ?? '', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** The address's query with this search and page; other parameters (a chosen form, say) stay. */
export function listQueryString({ search, page }: LoadInput, current = ''): string {
  const params = new URLSearchParams(current);
  if (search) params.set('search', search);
  else params.delete('search');
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The list machine for a screen that lays out its own table, with its query kept in the address
 * (so a reload, the back button or a shared link shows the same rows): the list starts from the
 * address, each query it loads is written there, and a query the address gets from elsewhere is
 * loaded.
 */
export function useAddressList<T extends { id: number }>(load: (query: LoadInput) => Promise<Paginator<T>>) {
  const address = useSearch();
  const [location, navigate] = useLocation();
  const latest = useLatest(load);
  const logic = useOnce(() =>
    listMachine.provide({
      actors: { load: fromPromise(({ input }) => latest.current(input)) },
    }),
  );
  const query = readListQuery(address);
  const actor = useActorRef(logic, { input: query, inspect: currentInspect() });

  const where = useLatest({ location, address, navigate });
  useEffect(() => {
    const subscription = actor.on('list.queried', ({ search, page }) => {
      const now = where.current;
      const next = listQueryString({ search, page }, now.address);
      if (next !== listQueryString(readListQuery(now.address), now.address))
        navigate(`${now.location}${next}`);
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, where]);

  useEffect(() => {
    const { context } = actor.getSnapshot();
    if (context.search !== query.search || context.page !== query.page)
      actor.send({ type: 'list.query', search: query.search, page: query.page });
  }, [actor, query.search, query.page]);

  const snapshot = useSelector(actor, (s) => s);
  const answered = snapshot.context.data as Paginator<T> | null;
  // A page past the last (an old link, a page emptied meanwhile) shows the last page there is, as
  // the lifecycle lists do, rather than an empty state beside a pager that counts rows.
  useEffect(() => {
    if (
      answered &&
      answered.data.length === 0 &&
      answered.total > 0 &&
      answered.current_page > answered.last_page
    )
      actor.send({ type: 'page.go', page: answered.last_page });
  }, [actor, answered]);
  return {
    /** What is in the search box. */
    typed: snapshot.context.search,
    /** The search the rows answer, as the address has it. */
    searched: query.search,
    /** The last answer (kept while the next one loads), or null before the first. */
    data: answered,
    isLoading: snapshot.matches('loading'),
    failure: snapshot.matches('loadFailed') ? snapshot.context.error : null,
    type: (value: string) => actor.send({ type: 'search.change', value }),
    clear: () => actor.send({ type: 'search.clear' }),
    goTo: (page: number) => actor.send({ type: 'page.go', page: Math.max(1, page) }),
    retry: () => actor.send({ type: 'list.retry' }),
  };
}
