import { useState } from 'react';
import type { User } from '@/api/contract/users';
import { api } from '@/api/endpoints';
import { useMayCall, useSignedInUser } from '@/machines/session';
import { formatDate } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { type AccessChoices, scopeText, useAccessChoices } from '@/ui/access/accessChoices';
import { ButtonLink } from '@/ui/ButtonLink';
import type { DataTableColumn } from '@/ui/DataTable';
import { LifecycleList } from '@/ui/lifecycle/LifecycleList';
import { PageHeader } from '@/ui/PageHeader';
import { UserName } from './UserName';
import { filterQuery, noFilters, UsersFilters } from './UsersFilters';

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'Email' },
  { id: 'role', label: 'Role' },
  { id: 'scope', label: 'Scope' },
  { id: 'created_at', label: 'Created', width: 88 },
  { id: 'updated_at', label: 'Updated', width: 88 },
];

function renderCell(user: User, column: string, choices: AccessChoices | null) {
  switch (column) {
    case 'role':
      return user.role.name;
    case 'scope':
      return scopeText(user.scope, choices);
    case 'name':
      return <UserName user={user} />;
    case 'email':
      return user.email;
    case 'created_at':
      return formatDate(user.created_at);
    case 'updated_at':
      return formatDate(user.updated_at);
    default:
      return null;
  }
}

export default function UsersIndexScreen() {
  const may = useMayCall();
  const me = useSignedInUser();
  const choices = useAccessChoices();
  const [filters, setFilters] = useState(noFilters);
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Everyone who can sign in to the console"
        actions={
          may('users.create') ? (
            <ButtonLink href={pathTo('users.add')} variant="primary" icon="plus">
              Add user
            </ButtonLink>
          ) : null
        }
      />
      <UsersFilters value={filters} onChange={setFilters} choices={choices.data} />
      <LifecycleList<User>
        nouns={{ one: 'user', many: 'users' }}
        startHref={may('users.create') ? pathTo('users.new') : undefined}
        editHref={(user) => pathTo('users.edit', { id: user.id })}
        columns={columns}
        columnsKey="users.columns"
        renderCell={(user, column) => renderCell(user, column, choices.data)}
        rowLabel={(user) => user.name}
        selfId={me.id}
        loadKey={JSON.stringify(filters)}
        load={async (query) => {
          const { users, trashed } = await api.users.list({ query: { ...query, ...filterQuery(filters) } });
          return { active: users, trashed };
        }}
        remove={
          may('users.delete')
            ? ({ ids, type }) => api.users.delete({ body: { users: ids, type } })
            : undefined
        }
        restore={may('users.restore') ? ({ ids }) => api.users.restore({ body: { users: ids } }) : undefined}
      />
    </>
  );
}
