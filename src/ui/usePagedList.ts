import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { currentInspect } from '@/machines/inspect';
import { type PagedQuery, pagedListMachine } from '@/machines/pagedList';

/** `?search=…&page=…` as a query; a missing or nonsense page is page 1. */
export function readPagedQuery(search: string): PagedQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return { search: params.get('search') ?? '', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** The address's query with this search and page; other parameters (a chosen form, say) stay. */
export function pagedQueryString({ search, page }: PagedQuery, current = ''): string {
  const params = new URLSearchParams(current);
  if (search) params.set('search', search);
  else params.delete('search');
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A searched, paged list whose query lives in the address (so a reload, the back button or a
 * shared link shows the same rows), run by the paged list machine.
 */
export function usePagedList<T>(load: (query: PagedQuery) => Promise<T>) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const latest = useRef(load);
  latest.current = load;
  const query = readPagedQuery(search);
  const actor = useActorRef(
    pagedListMachine.provide({
      actors: { load: fromPromise(({ input }) => latest.current(input as PagedQuery)) },
    }),
    { input: { query }, inspect: currentInspect() },
  );

  useEffect(() => {
    const subscription = actor.on('query.changed', (event) =>
      navigate(`${location}${pagedQueryString(event.query, search)}`),
    );
    return () => subscription.unsubscribe();
  }, [actor, navigate, location, search]);

  useEffect(() => {
    actor.send({ type: 'query.set', query: { search: query.search, page: query.page } });
  }, [actor, query.search, query.page]);

  const snapshot = useSelector(actor, (s) => s);
  return {
    query: snapshot.context.query,
    typed: snapshot.context.typed,
    /** The last answer (kept while the next one loads), or null before the first. */
    data: snapshot.context.data as T | null,
    isLoading: snapshot.matches({ data: 'loading' }),
    failure: snapshot.matches({ data: 'failed' }) ? snapshot.context.error : null,
    type: (value: string) => actor.send({ type: 'search.type', value }),
    clear: () => actor.send({ type: 'search.clear' }),
    goTo: (page: number) => actor.send({ type: 'page.go', page }),
    retry: () => actor.send({ type: 'retry' }),
  };
}
