import { useLocation } from 'wouter';
import { userCreateSchema } from '@/api/contract/users';
import { api } from '@/api/endpoints';
import { wholeGroup } from '@/shared/access';
import { pathTo } from '@/shared/paths';
import { useAccessChoices } from '@/ui/access/accessChoices';
import { useStartingScope } from '@/ui/access/ScopeField';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { UserForm } from './UserForm';

export default function UserAddScreen() {
  const [, navigate] = useLocation();
  const choices = useAccessChoices();
  const scope = useStartingScope(wholeGroup);
  const flow = useSaveForm({
    id: 'user-add',
    schema: userCreateSchema,
    defaultValue: { scope },
    validate: (values) => api.users.validate({ body: values }),
    save: (values) => api.users.create({ body: values }),
    onSaved: () => {
      toast.success('You have added a new user.');
      navigate(pathTo('users.index'));
    },
  });
  return (
    <>
      <PageHeader title="Users" subtitle="Create a new user" />
      <UserForm flow={flow} passwordRequired choices={choices.data} scope={scope} />
    </>
  );
}
