import { useLocation } from 'wouter';
import { roleCreateSchema } from '@/api/contract/roles';
import { api } from '@/api/endpoints';
import { pathTo } from '@/shared/paths';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { RoleForm } from './RoleForm';

export default function RoleAddScreen() {
  const [, navigate] = useLocation();
  const flow = useSaveForm({
    id: 'role-add',
    schema: roleCreateSchema,
    validate: (values) => api.roles.validate({ body: values }),
    save: (values) => api.roles.create({ body: values }),
    onSaved: () => {
      toast.success('You have added a new role.');
      navigate(pathTo('roles.index'));
    },
  });
  return (
    <>
      <PageHeader title="Roles" subtitle="Create a new role" />
      <RoleForm flow={flow} permissions={{}} />
    </>
  );
}
