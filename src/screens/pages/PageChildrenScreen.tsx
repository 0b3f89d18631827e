import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { PageCrumb, PageSummary } from '@/api/contract/pages';
import { api } from '@/api/endpoints';
import type { TreeLoadInput } from '@/machines/pageTree';
import { useMayCall } from '@/machines/session';
import { missingRecord } from '@/shared/missing';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import { DataTable } from '@/ui/DataTable';
import { useRecordTitle } from '@/ui/documentTitle';
import { EmptyState } from '@/ui/EmptyState';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { TreeConfirms } from '@/ui/tree/TreeConfirms';
import { TreeTable } from '@/ui/tree/TreeTable';
import { useTreeList } from '@/ui/tree/useTreeList';
import { addChildHref, childrenHref, editHref, PageRowActions } from './PageRowActions';
import { DuplicatePageModal, MovePageModal, PositionModal } from './PageTreeModals';
import { pageColumns, renderPageCell } from './pageColumns';
import styles from './pages.module.css';
import { pageTreeCalls } from './pageTreeCalls';

/** Children show a page of this many at a time, the next loading as the last ones come into view. */
const CHILDREN_PER_PAGE = 100;
/** The most one call answers (the API's limit for perPage). */
const MOST_PER_CALL = 1000;

/**
 * The children a load asks for: only page `pages` when more are wanted, else pages 1..`pages`
 * (a reload keeps what was scrolled to), in calls of at most MOST_PER_CALL rows side by side.
 */
async function loadChildren(parentId: number, { pages, more }: TreeLoadInput) {
  if (more) {
    const answer = await api.pages.children({
      query: { id: parentId, page: pages, perPage: CHILDREN_PER_PAGE },
    });
    return { rows: answer.data, total: answer.total };
  }
  const wanted = pages * CHILDREN_PER_PAGE;
  const answers = await Promise.all(
    Array.from({ length: Math.ceil(wanted / MOST_PER_CALL) }, (_, i) =>
      api.pages.children({
        query: { id: parentId, page: i + 1, perPage: Math.min(MOST_PER_CALL, wanted) },
      }),
    ),
  );
  return { rows: answers.flatMap((answer) => answer.data).slice(0, wanted), total: answers[0]?.total ?? 0 };
}

export default function PageChildrenScreen() {
  const { id = '' } = useParams<{ id: string }>();
  // A new list for each parent: its own machine, its own rows.
  return <ChildrenList key={id} parentId={Number(id)} />;
}

function ChildrenList({ parentId }: { parentId: number }) {
  const may = useMayCall();
  const [parent, setParent] = useState<{ page: PageSummary; ancestors: PageCrumb[] } | null>(null);
  useRecordTitle(parent?.page.name);
  const [positioning, setPositioning] = useState<PageSummary | null>(null);
  // The page last moved with 'Move to position', until the list is idle again (see PageRowActions).
  const [repositioned, setRepositioned] = useState<number | null>(null);
  const { actor, snapshot, rows, undoable } = useTreeList<PageSummary>(
    {
      ...pageTreeCalls,
      load: async (input) => {
        const [shown, children] = await Promise.all([
          api.pages.show({ query: { id: parentId } }),
          loadChildren(parentId, input),
        ]);
        setParent({ page: shown.data, ancestors: shown.ancestors });
        // Spec §4: rows are reordered by hand only when the parent sorts by sort_order.
        return { ...children, sortable: shown.data.sort_by === 'sort_order' };
      },
      editorHref: editHref,
    },
    `pages.children.${parentId}`,
  );
  const busy = !snapshot.matches({ ready: 'idle' });
  // After the rows' own effects, which put focus back: a row drawn later is not focused then.
  useEffect(() => {
    if (!busy) setRepositioned(null);
  }, [busy]);
  // Dragging saves the order (pages.sort): no drag handles for a role that may not.
  const sortable = (snapshot.context.data?.sortable ?? false) && may('pages.sort');

  if (snapshot.matches('loadFailed') && !parent) {
    return (
      <NotFound
        message={missingRecord('page')}
        action={{ label: 'View all pages', href: pathTo('pages.index') }}
      />
    );
  }

  let body: ReactNode;
  if (snapshot.context.data === null) {
    body = (
      <DataTable
        label="Children Pages"
        columns={pageColumns}
        rows={[]}
        renderCell={renderPageCell}
        isLoading
      />
    );
  } else if (rows.length === 0) {
    body = <EmptyState icon="pages" title="There is no children available for the selected page." />;
  } else {
    body = (
      <TreeTable<PageSummary>
        label="Children Pages"
        columns={pageColumns}
        rows={rows}
        renderCell={renderPageCell}
        isSortable={sortable}
        isDisabled={busy}
        canDrag={(page) => page.locked === 0}
        onReorder={(placements) => actor.send({ type: 'reorder', placements })}
        onNearEnd={() => actor.send({ type: 'list.more' })}
        renderActions={(page) => (
          <PageRowActions
            page={page}
            actor={actor}
            isBusy={busy}
            onPosition={sortable ? setPositioning : undefined}
            refocusPosition={page.id === repositioned}
          />
        )}
      />
    );
  }

  return (
    <>
      <nav aria-label="Breadcrumb">
        <ol className={styles.crumbs}>
          <li>
            <Link href={pathTo('pages.index')}>Pages</Link>
          </li>
          {parent?.ancestors.map((step) => (
            <li key={step.id}>
              <Link href={childrenHref(step.id)}>{step.name}</Link>
            </li>
          ))}
          {parent ? <li aria-current="page">{parent.page.name}</li> : null}
        </ol>
      </nav>
      <PageHeader
        title="Children Pages"
        subtitle={parent ? `Under ${parent.page.name}` : undefined}
        actions={
          parent?.page.is_allowed_children && may('pages.store') ? (
            <ButtonLink href={addChildHref(parentId)} variant="primary" icon="plus">
              Add Child
            </ButtonLink>
          ) : null
        }
      />
      {body}
      <TreeConfirms actor={actor} snapshot={snapshot} undoable={undoable} />
      <MovePageModal key={`move-${snapshot.context.target?.id ?? 0}`} actor={actor} snapshot={snapshot} />
      <DuplicatePageModal key={`dup-${snapshot.context.target?.id ?? 0}`} actor={actor} snapshot={snapshot} />
      <PositionModal
        page={positioning}
        total={snapshot.context.data?.total ?? rows.length}
        onClose={() => setPositioning(null)}
        onMove={(index) => {
          if (positioning) {
            actor.send({ type: 'reorder', placements: [{ id: positioning.id, index }] });
            setRepositioned(positioning.id);
          }
          setPositioning(null);
        }}
      />
    </>
  );
}
