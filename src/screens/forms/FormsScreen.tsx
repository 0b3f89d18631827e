import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { FormSummary } from '@/api/contract/forms';
import type { PageCrumb } from '@/api/contract/pages';
import { api } from '@/api/endpoints';
import { useGroupWide, useMayCall } from '@/machines/session';
import { missingRecord } from '@/shared/missing';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import { DataTable, type DataTableColumn } from '@/ui/DataTable';
import { useRecordTitle } from '@/ui/documentTitle';
import { EmptyState } from '@/ui/EmptyState';
import { IconButton } from '@/ui/IconButton';
import { IconLink } from '@/ui/IconLink';
import { RecentImports } from '@/ui/imports/RecentImports';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { PublishedState, TreeName } from '@/ui/tree/TreeCells';
import { TreeConfirms } from '@/ui/tree/TreeConfirms';
import { useFocusAfterRowLeaves } from '@/ui/tree/useFocusAfterRowLeaves';
import { useTreeList, wholeList } from '@/ui/tree/useTreeList';
import styles from './forms.module.css';

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'handle', label: 'Slug' },
  { id: 'published', label: 'Published', width: 200 },
];

const formImports = async () => (await api.imports.recent({ query: { kind: 'form' } })).data;

const childrenHref = (id: number) => pathTo('forms.children', { id });
const editHref = (id: number) => pathTo('forms.edit', { id });

function renderCell(form: FormSummary, column: string) {
  switch (column) {
    case 'name':
      return (
        <Link href={form.total_children > 0 ? childrenHref(form.id) : editHref(form.id)}>
          <TreeName name={form.name} locked={form.locked} />
        </Link>
      );
    case 'handle':
      return <span className={styles.handle}>{form.handle}</span>;
    case 'published':
      return (
        <PublishedState
          published={form.published}
          published_at={form.published_at}
          unpublish_at={form.unpublish_at}
        />
      );
    default:
      return null;
  }
}

/** /forms and /forms/children/{id} (spec §2 Forms): name, slug, published, edit and delete. */
export default function FormsScreen() {
  const { id } = useParams<{ id?: string }>();
  return <FormsList key={id ?? 'top'} parentId={id ? Number(id) : null} />;
}

function FormsList({ parentId }: { parentId: number | null }) {
  const may = useMayCall();
  // The top level is the group's: a scoped user adds forms under their brands' forms.
  const groupWide = useGroupWide();
  const [parent, setParent] = useState<{ form: FormSummary; ancestors: PageCrumb[] } | null>(null);
  useRecordTitle(parent?.form.name);
  const { actor, snapshot, rows, undoable } = useTreeList<FormSummary>(
    {
      load: async () => {
        const answer = await api.forms.list({ query: parentId === null ? {} : { parent: parentId } });
        setParent(answer.parent ? { form: answer.parent, ancestors: answer.ancestors } : null);
        return wholeList(answer.data, false);
      },
      remove: (id) => api.forms.delete({ body: { id } }),
    },
    `forms.${parentId ?? 'top'}`,
  );
  const busy = !snapshot.matches({ ready: 'idle' });
  const reload = useCallback(() => actor.send({ type: 'list.reload' }), [actor]);
  const list = useRef<HTMLDivElement>(null);
  useFocusAfterRowLeaves(list, rows);

  if (snapshot.matches('loadFailed') && snapshot.context.data === null) {
    return parentId === null ? (
      <EmptyState
        icon="alert"
        title="The forms could not be loaded."
        text={snapshot.context.error}
        action={{ label: 'Try again', onPress: () => actor.send({ type: 'list.retry' }) }}
      />
    ) : (
      <NotFound
        message={missingRecord('form')}
        action={{ label: 'View all forms', href: pathTo('forms.index') }}
      />
    );
  }

  let body: ReactNode;
  if (snapshot.context.data === null) {
    body = <DataTable label="Forms" columns={columns} rows={[]} renderCell={renderCell} isLoading />;
  } else if (rows.length === 0) {
    body = <EmptyState icon="forms" title="There is no forms available." />;
  } else {
    body = (
      <DataTable<FormSummary>
        label="Forms"
        columns={columns}
        rows={rows}
        renderCell={renderCell}
        renderActions={(form) => (
          <>
            <IconLink icon="edit" label={`Edit: ${form.name}`} href={editHref(form.id)} />
            {may('forms.delete') ? (
              <IconButton
                icon="trash"
                variant="danger"
                label={`Delete: ${form.name}`}
                tooltip="Delete"
                isDisabled={busy || form.total_children > 0 || form.locked === 1}
                disabledReason={
                  form.total_children > 0 ? 'You cannot delete as you have child pages.' : undefined
                }
                onPress={() => actor.send({ type: 'delete.ask', id: form.id })}
              />
            ) : null}
          </>
        )}
      />
    );
  }

  return (
    <>
      {parentId !== null ? (
        <nav aria-label="Breadcrumb">
          <ol className={styles.crumbs}>
            <li>
              <Link href={pathTo('forms.index')}>Forms</Link>
            </li>
            {parent?.ancestors.map((step) => (
              <li key={step.id}>
                <Link href={childrenHref(step.id)}>{step.name}</Link>
              </li>
            ))}
            {parent ? <li aria-current="page">{parent.form.name}</li> : null}
          </ol>
        </nav>
      ) : null}
      <PageHeader
        title={parentId === null ? 'Forms' : 'Children Forms'}
        subtitle={parent ? `Under ${parent.form.name}` : 'The enquiry forms on the website'}
        actions={
          parentId === null ? (
            <>
              {may('builder.runImport') ? (
                <ButtonLink href={pathTo('forms.import')} icon="upload">
                  Import forms
                </ButtonLink>
              ) : null}
              {may('forms.store') && groupWide ? (
                <ButtonLink href={pathTo('forms.add')} variant="primary" icon="plus">
                  Add Form
                </ButtonLink>
              ) : null}
            </>
          ) : may('forms.store') ? (
            <ButtonLink href={pathTo('forms.addChild', { id: parentId })} variant="primary" icon="plus">
              Add Child Form
            </ButtonLink>
          ) : null
        }
      />
      {parentId === null && may('imports.recent') ? (
        <RecentImports load={formImports} nouns="forms" onFinished={reload} />
      ) : null}
      <div ref={list}>{body}</div>
      <TreeConfirms actor={actor} snapshot={snapshot} undoable={undoable} />
    </>
  );
}
