import { useLocation, useParams } from 'wouter';
import { type User, userUpdateSchema } from '@/api/contract/users';
import { api } from '@/api/endpoints';
import { useAccess, useSignedInUser } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { useAccessChoices } from '@/ui/access/accessChoices';
import { useStartingScope } from '@/ui/access/ScopeField';
import { EditRecord } from '@/ui/forms/EditRecord';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { UserForm } from './UserForm';

export default function UserEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <EditRecord
      id={id}
      load={async () => (await api.users.show({ params: { id: Number(id) } })).data}
      one="user"
      many="users"
      listHref={pathTo('users.index')}
      nameOf={(user) => user.name}
    >
      {(user, reload) => <EditUser user={user} onReload={reload} />}
    </EditRecord>
  );
}

function EditUser({ user, onReload }: { user: User; onReload: () => void }) {
  const [, navigate] = useLocation();
  const signedIn = useSignedInUser();
  const access = useAccess();
  // Your own account is yours to change; anyone else's needs users.update.
  const own = signedIn.id === user.id;
  const updateRefused = own || access.can('update', 'users') ? null : access.reason('update', 'users');
  const choices = useAccessChoices();
  const scope = useStartingScope(user.scope);
  const flow = useSaveForm({
    id: `user-edit-${user.id}`,
    schema: userUpdateSchema,
    defaultValue: {
      name: user.name,
      email: user.email,
      telephone: user.meta.telephone ?? '',
      job_title: user.meta.job_title ?? '',
      password: '',
      avatar: user.meta.avatar ? String(user.meta.avatar.id) : '',
      role_id: String(user.role_id),
      scope,
      updated_at: user.updated_at,
    },
    validate: (values) => api.users.validate({ body: { ...values, id: user.id } }),
    save: (values) =>
      api.users.update({ params: { id: user.id }, body: { ...values, updated_at: user.updated_at } }),
    onSaved: () => {
      toast.success('You have updated a user.');
      // Back to the list, or, for someone who may not open it, to where they started.
      navigate(pathTo(access.can('view', 'users') ? 'users.index' : 'dashboard'));
    },
  });
  return (
    <>
      <PageHeader title="Users" subtitle={`Updating ${user.name}`} />
      <UserForm
        refusedReason={updateRefused}
        flow={flow}
        passwordRequired={false}
        onReload={onReload}
        choices={choices.data}
        scope={scope}
        avatar={user.meta.avatar}
        self={
          signedIn.id === user.id
            ? { email: user.email, currentPassword: flow.fields.current_password }
            : undefined
        }
      />
    </>
  );
}
