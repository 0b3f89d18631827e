import type { User } from '@/api/contract/users';
import { api } from '@/api/endpoints';
import { useMayCall, useSignedInUser } from '@/machines/session';
import { formatDate } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import type { DataTableColumn } from '@/ui/DataTable';
import { LifecycleList } from '@/ui/lifecycle/LifecycleList';
import { PageHeader } from '@/ui/PageHeader';
import { UserName } from './UserName';

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'Email' },
  { id: 'created_at', label: 'Created', width: 88 },
  { id: 'updated_at', label: 'Updated', width: 88 },
];

function renderCell(user: User, column: string) {
  switch (column) {
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
      <LifecycleList<User>
        nouns={{ one: 'user', many: 'users' }}
        startHref={may('users.create') ? pathTo('users.new') : undefined}
        editHref={(user) => pathTo('users.edit', { id: user.id })}
        columns={columns}
        columnsKey="users.columns"
        renderCell={renderCell}
        rowLabel={(user) => user.name}
        selfId={me.id}
        load={async (query) => {
          const { users, trashed } = await api.users.list({ query });
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
