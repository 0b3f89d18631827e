import { useLocation, useParams } from 'wouter';
import { type User, userUpdateSchema } from '@/api/contract/users';
import { api } from '@/api/endpoints';
import { useSignedInUser } from '@/machines/session';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import { UserForm } from './UserForm';

export default function UserEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(async () => (await api.users.show({ params: { id: Number(id) } })).data, id);

  if (loaded.status === 'loading') return <SkeletonLines lines={8} label="Loading the user" />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message="The user you are trying to locate clearly doesn't exist..."
        action={{ label: 'View all users', href: '/users' }}
      />
    );
  }
  // A new key after a reload: the form starts again from the record as it is now.
  return <EditUser key={loaded.data.updated_at} user={loaded.data} onReload={loaded.reload} />;
}

function EditUser({ user, onReload }: { user: User; onReload: () => void }) {
  const [, navigate] = useLocation();
  const signedIn = useSignedInUser();
  const flow = useSaveForm({
    id: `user-edit-${user.id}`,
    schema: userUpdateSchema,
    defaultValue: {
      name: user.name,
      email: user.email,
      telephone: user.meta.telephone ?? '',
      job_title: user.meta.job_title ?? '',
      password: '',
      avatar: user.meta.avatar ?? '',
      updated_at: user.updated_at,
    },
    validate: (values) => api.users.validate({ body: { ...values, id: user.id } }),
    save: (values) =>
      api.users.update({ params: { id: user.id }, body: { ...values, updated_at: user.updated_at } }),
    onSaved: () => {
      toast.success('You have updated a user.');
      navigate('/users');
    },
  });
  return (
    <>
      <PageHeader title="Users" subtitle={`Updating ${user.name}`} />
      <UserForm
        flow={flow}
        passwordRequired={false}
        onReload={onReload}
        self={
          signedIn.id === user.id
            ? { email: user.email, currentPassword: flow.fields.current_password }
            : undefined
        }
      />
    </>
  );
}
