import type { Workflow } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import { useMayCall } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import type { DataTableColumn } from '@/ui/DataTable';
import { IconLink } from '@/ui/IconLink';
import { PagedList } from '@/ui/lists/PagedList';
import { PageHeader } from '@/ui/PageHeader';

export const WORKFLOWS_EMPTY = 'There are no workflows yet: every page publishes as it is saved.';

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'stages', label: 'Stages' },
  { id: 'pages', label: 'Pages', align: 'center', width: 110 },
];

function renderCell(workflow: Workflow, columnId: string) {
  switch (columnId) {
    case 'name':
      return workflow.name;
    case 'stages':
      return workflow.stages.map((stage) => stage.name).join(' → ');
    case 'pages':
      return workflow.pages_count;
    default:
      return null;
  }
}

/** /workflows (issue #28): each review workflow, its stages in order and how many pages it governs. */
export default function WorkflowsIndexScreen() {
  const may = useMayCall();
  return (
    <>
      <PageHeader
        title="Workflows"
        subtitle="The reviews a page passes before it goes on the website"
        actions={
          may('workflows.create') ? (
            <ButtonLink href={pathTo('workflows.add')} variant="primary" icon="plus">
              Add workflow
            </ButtonLink>
          ) : null
        }
      />
      <PagedList<Workflow>
        nouns={{ one: 'workflow', many: 'workflows' }}
        startHref={may('workflows.create') ? pathTo('workflows.add') : undefined}
        columns={columns}
        columnsKey="workflows.columns"
        renderCell={renderCell}
        rowLabel={(workflow) => workflow.name}
        emptyTitle={WORKFLOWS_EMPTY}
        renderActions={(workflow) => (
          <IconLink
            href={pathTo('workflows.edit', { id: workflow.id })}
            icon="edit"
            label={`Edit ${workflow.name}`}
            size="sm"
          />
        )}
        load={async ({ page }) => (await api.workflows.list({ query: { page } })).workflows}
      />
    </>
  );
}
