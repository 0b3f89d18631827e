import { useLocation, useParams } from 'wouter';
import { type Role, roleUpdateSchema } from '@/api/contract/roles';
import { api } from '@/api/endpoints';
import { pathTo } from '@/shared/paths';
import { EditRecord } from '@/ui/forms/EditRecord';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { RoleForm } from './RoleForm';

export default function RoleEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <EditRecord
      id={id}
      load={async () => (await api.roles.show({ params: { id: Number(id) } })).data}
      one="role"
      many="roles"
      listHref={pathTo('roles.index')}
      nameOf={(role) => role.name}
    >
      {(role, reload) => <EditRole role={role} onReload={reload} />}
    </EditRecord>
  );
}

function EditRole({ role, onReload }: { role: Role; onReload: () => void }) {
  const [, navigate] = useLocation();
  const flow = useSaveForm({
    id: `role-edit-${role.id}`,
    schema: roleUpdateSchema,
    defaultValue: { name: role.name, updated_at: role.updated_at },
    validate: (values) => api.roles.validate({ body: { ...values, id: role.id } }),
    save: (values) =>
      api.roles.update({ params: { id: role.id }, body: { ...values, updated_at: role.updated_at } }),
    onSaved: () => {
      toast.success('You have updated a role.');
      navigate(pathTo('roles.index'));
    },
  });
  return (
    <>
      <PageHeader title="Roles" subtitle={`Updating ${role.name}`} />
      <RoleForm flow={flow} permissions={role.permissions} onReload={onReload} />
    </>
  );
}
