import type { Role } from '@/api/contract/roles';
import { api } from '@/api/endpoints';
import { useMayCall } from '@/machines/session';
import { formatDate } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import type { DataTableColumn } from '@/ui/DataTable';
import { LifecycleList } from '@/ui/lifecycle/LifecycleList';
import { PageHeader } from '@/ui/PageHeader';

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'users_count', label: 'Users', width: 72 },
  { id: 'created_at', label: 'Created', width: 88 },
  { id: 'updated_at', label: 'Updated', width: 88 },
];

function renderCell(role: Role, column: string) {
  switch (column) {
    case 'name':
      return role.name;
    case 'users_count':
      return role.users_count;
    case 'created_at':
      return formatDate(role.created_at);
    case 'updated_at':
      return formatDate(role.updated_at);
    default:
      return null;
  }
}

export default function RolesIndexScreen() {
  const may = useMayCall();
  return (
    <>
      <PageHeader
        title="Roles"
        subtitle="What each role may do, area by area"
        actions={
          may('roles.create') ? (
            <ButtonLink href={pathTo('roles.add')} variant="primary" icon="plus">
              Add role
            </ButtonLink>
          ) : null
        }
      />
      <LifecycleList<Role>
        nouns={{ one: 'role', many: 'roles' }}
        startHref={may('roles.create') ? pathTo('roles.add') : undefined}
        editHref={(role) => pathTo('roles.edit', { id: role.id })}
        columns={columns}
        columnsKey="roles.columns"
        renderCell={renderCell}
        rowLabel={(role) => role.name}
        keepsHistory
        load={async (query) => {
          const { roles, trashed } = await api.roles.list({ query });
          return { active: roles, trashed };
        }}
        remove={
          may('roles.delete')
            ? ({ ids, type }) => api.roles.delete({ body: { roles: ids, type } })
            : undefined
        }
        restore={may('roles.restore') ? ({ ids }) => api.roles.restore({ body: { roles: ids } }) : undefined}
      />
    </>
  );
}
