import { useEffect, useRef, useState } from 'react';
import type { RevisionSummary } from '@/api/contract/history';
import { describeFailure } from '@/machines/errors';
import type { RecordDiff } from '@/shared/history/diff';
import { announce } from '../announce';
import { Button } from '../Button';
import { Pagination } from '../Pagination';
import { SkeletonLines } from '../SkeletonLines';
import { useLoad } from '../useLoad';
import { focusAfterDialogs } from './focusAfterDialogs';
import styles from './History.module.css';
import { RevisionDiff } from './RevisionDiff';
import { actionWords, authorOf, loadedMessage, whenOf } from './revisionWords';

/** One page of a record's revisions, as the history call answers. */
export interface RevisionPage {
  data: RevisionSummary[];
  current_page: number;
  last_page: number;
  total: number;
  prev_page_url: string | null;
  next_page_url: string | null;
}

/**
 * Where a record's history comes from, and how an editor reads a revision: `show` answers the
 * revision in the shape the editor holds its work (its draft), so it can be compared and loaded.
 */
export interface HistorySource<D> {
  list: (page: number) => Promise<RevisionPage>;
  show: (revision: number) => Promise<D>;
}

export interface HistoryProps<D> {
  source: HistorySource<D>;
  /** What the editor holds now, saved or not. */
  current: () => D;
  /** What differs from a revision (before) to the current version (after). */
  compare: (revision: D, current: D) => RecordDiff;
  /** Loads a revision into the editor as unsaved changes; nothing is saved. */
  restore: (revision: D) => void;
  /** Where focus goes once a revision is loaded (the editor's first field, or Save). */
  focusAfterRestore: () => HTMLElement | null;
  /** Why a revision cannot be loaded now (a block is open), or nothing when it can. */
  restoreBlocked?: string | null;
}

type View =
  | { name: 'list'; note?: string }
  | { name: 'compare'; revision: RevisionSummary }
  | { name: 'finding'; id: number };

/** The summary of one revision, looked for page by page (the newest are on the first). */
async function findRevision(source: HistorySource<unknown>, id: number): Promise<RevisionSummary | null> {
  for (let page = 1; ; page++) {
    const revisions = await source.list(page);
    const found = revisions.data.find((revision) => revision.id === id);
    if (found) return found;
    if (page >= revisions.last_page || revisions.data.length === 0) return null;
  }
}

export type HistoryPanelProps<D> = HistoryProps<D> & { openRevision?: number | null };

/** The panel inside the History dialog: the list, or one revision compared. */
export function HistoryPanel<D>(props: HistoryPanelProps<D>) {
  const [page, setPage] = useState(1);
  const [view, setView] = useState<View>(
    props.openRevision ? { name: 'finding', id: props.openRevision } : { name: 'list' },
  );
  // The screen may hand a new source object on every render: the search must not start over.
  const source = useRef(props.source);
  source.current = props.source;
  const finding = view.name === 'finding' ? view.id : null;
  useEffect(() => {
    if (finding === null) return;
    let current = true;
    findRevision(source.current as HistorySource<unknown>, finding).then(
      (revision) => {
        if (!current) return;
        setView(
          revision
            ? { name: 'compare', revision }
            : { name: 'list', note: 'That version is no longer kept. These are the versions there are.' },
        );
      },
      () => {
        if (current) setView({ name: 'list' });
      },
    );
    return () => {
      current = false;
    };
  }, [finding]);
  // Focus goes back to the revision's own Compare button when the list shows again.
  const backTo = useRef<number | null>(null);
  if (view.name === 'finding') return <SkeletonLines lines={5} label="Loading the version" />;
  if (view.name === 'compare') {
    return (
      <Compare
        {...props}
        revision={view.revision}
        onBack={() => {
          backTo.current = view.revision.id;
          setView({ name: 'list' });
        }}
      />
    );
  }
  return (
    <RevisionList
      note={view.note}
      source={props.source}
      page={page}
      onPage={setPage}
      focusRevision={backTo.current}
      onCompare={(revision) => setView({ name: 'compare', revision })}
    />
  );
}

interface RevisionListProps {
  /** Said above the list: why it shows instead of the version a link asked for. */
  note?: string | undefined;
  source: HistorySource<unknown>;
  page: number;
  onPage: (page: number) => void;
  focusRevision: number | null;
  onCompare: (revision: RevisionSummary) => void;
}

function RevisionList({ note, source, page, onPage, focusRevision, onCompare }: RevisionListProps) {
  const loaded = useLoad(() => source.list(page), `history:${page}`);
  if (loaded.status === 'loading') return <SkeletonLines lines={5} label="Loading the history" />;
  if (loaded.status === 'failed') {
    return (
      <div role="alert" className={styles.error}>
        <p>{`The history could not be loaded. ${describeFailure(loaded.error).message}`}</p>
        <Button onPress={loaded.reload}>Try again</Button>
      </div>
    );
  }
  const revisions = loaded.data;
  if (revisions.total === 0 || revisions.data.length === 0)
    return <p className={styles.note}>No history yet.</p>;
  return (
    <>
      {note ? <p className={styles.note}>{note}</p> : null}
      <ul className={styles.list} aria-label="Revisions, newest first">
        {revisions.data.map((revision) => (
          <li key={revision.id} className={styles.row}>
            <span className={styles.rowText}>
              <span className={styles.when}>{whenOf(revision)}</span>
              <span className={styles.who}>{`${actionWords[revision.action]} by ${authorOf(revision)}`}</span>
            </span>
            <Button
              size="sm"
              onPress={() => onCompare(revision)}
              aria-label={`Compare the version of ${whenOf(revision)} with the current version`}
              autoFocus={revision.id === focusRevision}
            >
              Compare
            </Button>
          </li>
        ))}
      </ul>
      {revisions.last_page > 1 ? (
        <Pagination
          prevUrl={revisions.prev_page_url}
          nextUrl={revisions.next_page_url}
          currentPage={revisions.current_page}
          lastPage={revisions.last_page}
          total={revisions.total}
          totalText={(total) => `${total} ${total === 1 ? 'revision' : 'revisions'}`}
          onPrevious={() => onPage(page - 1)}
          onNext={() => onPage(page + 1)}
        />
      ) : null}
    </>
  );
}

function Compare<D>({
  source,
  current,
  compare,
  restore,
  focusAfterRestore,
  restoreBlocked,
  revision,
  onBack,
}: HistoryProps<D> & { revision: RevisionSummary; onBack: () => void }) {
  const loaded = useLoad(() => source.show(revision.id), `revision:${revision.id}`);
  const heading = useRef<HTMLHeadingElement>(null);
  const onRestore = (data: D) => {
    restore(data);
    announce(loadedMessage(revision));
    focusAfterDialogs(focusAfterRestore);
  };
  return (
    <section aria-labelledby="history-compare">
      <div className={styles.compareHeader}>
        <h3 id="history-compare" ref={heading} tabIndex={-1} className={styles.subheading}>
          {`The version of ${whenOf(revision)} (${actionWords[revision.action]} by ${authorOf(revision)}) compared with the current version`}
        </h3>
        <Button size="sm" icon="chevron-left" onPress={onBack} autoFocus>
          Back to the list
        </Button>
      </div>
      {loaded.status === 'loading' ? <SkeletonLines lines={6} label="Loading the version" /> : null}
      {loaded.status === 'failed' ? (
        <div role="alert" className={styles.error}>
          <p>{`This version could not be loaded. ${describeFailure(loaded.error).message}`}</p>
          <Button onPress={loaded.reload}>Try again</Button>
        </div>
      ) : null}
      {loaded.status === 'ready' ? (
        <>
          <RevisionDiff diff={compare(loaded.data, current())} />
          <div className={styles.restore}>
            {restoreBlocked ? <p className={styles.note}>{restoreBlocked}</p> : null}
            <Button
              variant="primary"
              isDisabled={Boolean(restoreBlocked)}
              onPress={() => onRestore(loaded.data)}
            >
              Restore this version
            </Button>
            <p className={styles.note}>
              It loads into the editor as unsaved changes: nothing is saved until you save.
            </p>
          </div>
        </>
      ) : null}
    </section>
  );
}

export default HistoryPanel;
