import type { z } from 'zod';
import type { templateSummary } from '@/api/contract/templates';
import { api } from '@/api/endpoints';
import { useGroupWide, useMayCall } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import type { DataTableColumn } from '@/ui/DataTable';
import { IconLink } from '@/ui/IconLink';
import { PagedList } from '@/ui/lists/PagedList';
import { PageHeader } from '@/ui/PageHeader';
import { StatusIcon } from '@/ui/StatusIcon';

type TemplateRow = z.infer<typeof templateSummary>;

export const TEMPLATES_EMPTY = 'There is no templates available.';

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'locked', label: 'Locked', align: 'center', width: 120 },
];

function renderCell(template: TemplateRow, columnId: string) {
  switch (columnId) {
    case 'name':
      return template.name;
    case 'locked':
      return template.locked ? (
        <StatusIcon icon="lock" label="Locked" />
      ) : (
        <StatusIcon icon="unlock" label="Unlocked" />
      );
    default:
      return null;
  }
}

/**
 * /templates (spec §2 Templates): name, locked or unlocked, and the edit action. Templates are the
 * group's: everyone who may view them sees them all, and only a group-wide user may add one.
 */
export default function TemplatesIndexScreen() {
  const may = useMayCall();
  const groupWide = useGroupWide();
  return (
    <>
      <PageHeader
        title="Templates"
        actions={
          may('templates.store') && groupWide ? (
            <ButtonLink href={pathTo('templates.add')} variant="primary" icon="plus">
              Add Template
            </ButtonLink>
          ) : null
        }
      />
      <PagedList<TemplateRow>
        nouns={{ one: 'template', many: 'templates' }}
        columns={columns}
        columnsKey="templates.columns"
        renderCell={renderCell}
        rowLabel={(template) => template.name}
        emptyTitle={TEMPLATES_EMPTY}
        renderActions={(template) => (
          <IconLink
            href={pathTo('templates.edit', { id: template.id })}
            icon="edit"
            label={`Edit ${template.name}`}
            size="sm"
          />
        )}
        load={async (query) => (await api.templates.list({ query })).templates}
      />
    </>
  );
}
