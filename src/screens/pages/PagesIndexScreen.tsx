import { useCallback, useRef } from 'react';
import type { PageSummary } from '@/api/contract/pages';
import { api } from '@/api/endpoints';
import { useGroupWide, useMayCall } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { Button } from '@/ui/Button';
import { ButtonLink } from '@/ui/ButtonLink';
import { DataTable } from '@/ui/DataTable';
import { EmptyState } from '@/ui/EmptyState';
import { RecentImports } from '@/ui/imports/RecentImports';
import { PageHeader } from '@/ui/PageHeader';
import { PresenceBar } from '@/ui/presence/PresenceBar';
import { TreeConfirms } from '@/ui/tree/TreeConfirms';
import { useFocusAfterRowLeaves } from '@/ui/tree/useFocusAfterRowLeaves';
import { useTreeList, wholeList } from '@/ui/tree/useTreeList';
import { ADD_PAGE_HREF, editHref, PageRowActions } from './PageRowActions';
import { PageSearch } from './PageSearch';
import { DuplicatePageModal, MovePageModal } from './PageTreeModals';
import { pageColumns, renderPageCell } from './pageColumns';
import styles from './pages.module.css';
import { pageTreeCalls } from './pageTreeCalls';

/** Who else is in the page tree: arranging it, or only looking. */
const PAGE_TREE = { editing: 'working in the page tree', viewing: 'viewing the page tree' };

const pageImports = async () => (await api.imports.recent({ query: { kind: 'page' } })).data;

type GroupedPage = PageSummary & { group: 'brands' | 'folders' | 'files' };

/** Spec §2 Pages: the three groups, in this order. */
const GROUPS = [
  { key: 'brands', title: 'Brands' },
  { key: 'folders', title: 'Group Sections' },
  { key: 'files', title: 'Pages' },
] as const;

export default function PagesIndexScreen() {
  const may = useMayCall();
  // The top level is the group's: a scoped user adds pages under their brands' pages (the row's Add Child).
  const groupWide = useGroupWide();
  const { actor, snapshot, rows, undoable } = useTreeList<GroupedPage>(
    {
      ...pageTreeCalls,
      load: async () => {
        const { brands, folders, files } = await api.pages.list({});
        return wholeList(
          [
            ...brands.map((p) => ({ ...p, group: 'brands' as const })),
            ...folders.map((p) => ({ ...p, group: 'folders' as const })),
            ...files.map((p) => ({ ...p, group: 'files' as const })),
          ],
          false,
        );
      },
      editorHref: editHref,
    },
    'pages.index',
  );
  const reload = useCallback(() => actor.send({ type: 'list.reload' }), [actor]);
  const firstLoad = snapshot.matches('loading') && snapshot.context.data === null;
  const busy = !snapshot.matches({ ready: 'idle' });
  // The three groups' rows are drawn in the order they are loaded in: one list for focus to stay in.
  const groups = useRef<HTMLDivElement>(null);
  useFocusAfterRowLeaves(groups, rows);

  let body: React.ReactNode;
  if (snapshot.matches('loadFailed')) {
    body = (
      <EmptyState
        icon="alert"
        title="The pages could not be loaded."
        text={snapshot.context.error}
        action={{ label: 'Try again', onPress: () => actor.send({ type: 'list.retry' }) }}
      />
    );
  } else if (firstLoad) {
    body = <DataTable label="Pages" columns={pageColumns} rows={[]} renderCell={renderPageCell} isLoading />;
  } else if (rows.length === 0) {
    body = <EmptyState icon="pages" title="There is no pages available." />;
  } else {
    body = GROUPS.map(({ key, title }) => {
      const group = rows.filter((row) => row.group === key);
      if (group.length === 0) return null;
      return (
        <section key={key} className={styles.group} aria-labelledby={`group-${key}`}>
          <h2 id={`group-${key}`} className={styles.groupTitle}>
            {title}
          </h2>
          <DataTable<GroupedPage>
            label={title}
            columns={pageColumns}
            rows={group}
            renderCell={renderPageCell}
            renderActions={(page) => <PageRowActions page={page} actor={actor} isBusy={busy} />}
          />
        </section>
      );
    });
  }

  return (
    <>
      <PageHeader
        title="Pages"
        subtitle="The website's pages, as a tree"
        actions={
          <>
            {may('builder.runImport') ? (
              <ButtonLink href={pathTo('pages.import')} icon="upload">
                Import pages
              </ButtonLink>
            ) : null}
            <Button variant="secondary" onPress={() => actor.send({ type: 'list.reload' })} isDisabled={busy}>
              Reload
            </Button>
            {may('pages.store') && groupWide ? (
              <ButtonLink href={ADD_PAGE_HREF} variant="primary" icon="plus">
                Add Page
              </ButtonLink>
            ) : null}
          </>
        }
      />
      <PresenceBar record="pages" doing={PAGE_TREE} />
      {may('imports.recent') ? <RecentImports load={pageImports} nouns="pages" onFinished={reload} /> : null}
      <PageSearch />
      <div ref={groups}>{body}</div>
      <TreeConfirms actor={actor} snapshot={snapshot} undoable={undoable} />
      <MovePageModal key={`move-${snapshot.context.target?.id ?? 0}`} actor={actor} snapshot={snapshot} />
      <DuplicatePageModal key={`dup-${snapshot.context.target?.id ?? 0}`} actor={actor} snapshot={snapshot} />
    </>
  );
}
