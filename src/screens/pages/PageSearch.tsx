import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { PageHit } from '@/api/contract/pages';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { announce } from '@/ui/announce';
import { SearchField } from '@/ui/SearchField';
import { TreeName } from '@/ui/tree/TreeCells';
import { childrenHref, editHref, hasChildrenToShow } from './PageRowActions';
import styles from './pages.module.css';

/** Spec §9: searches wait 500 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 500;

type Found =
  | { status: 'idle' }
  | { status: 'ready'; hits: PageHit[] }
  | { status: 'failed'; message: string };

function foundSentence(search: string, count: number): string {
  if (count === 0) return `No pages match “${search}”.`;
  return count === 1 ? '1 page found.' : `${count} pages found.`;
}

/** Finds pages anywhere in the tree by name or slug, each with the way down to it. */
export function PageSearch() {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found>({ status: 'idle' });

  useEffect(() => {
    const search = text.trim();
    if (!search) {
      setFound({ status: 'idle' });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api.pages.search({ query: { search } }).then(
        ({ data }) => {
          if (!live) return;
          setFound({ status: 'ready', hits: data });
          // The hits appear beside the search box, away from where focus stays: say what was found.
          announce(foundSentence(search, data.length));
        },
        (error: unknown) => live && setFound({ status: 'failed', message: describeFailure(error).message }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  return (
    <div className={styles.toolbar}>
      <SearchField
        label="Find a page"
        placeholder="Find a page by name or slug…"
        value={text}
        onChange={setText}
      />
      {found.status === 'failed' ? <p role="alert">{found.message}</p> : null}
      {found.status === 'ready' ? (
        found.hits.length === 0 ? (
          <p>{foundSentence(text.trim(), 0)}</p>
        ) : (
          <ul className={styles.hits} aria-label="Pages found">
            {found.hits.map((hit) => (
              <li key={hit.id} className={styles.hit}>
                <Link href={hasChildrenToShow(hit) ? childrenHref(hit.id) : editHref(hit.id)}>
                  <TreeName name={hit.name} slug={hit.slug} locked={hit.locked} />
                </Link>
                <span className={styles.path}>
                  {[...hit.path.map((step) => step.name), hit.name].join(' › ')} · {hit.slug}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
