import { useLocation, useParams } from 'wouter';
import { type Role, roleUpdateSchema } from '@/api/contract/roles';
import { api } from '@/api/endpoints';
import { useCallAllowed } from '@/machines/session';
import { accessAreas } from '@/shared/access';
import { areaLabels } from '@/shared/accessLabels';
import type { FieldViews } from '@/shared/history/fieldViews';
import { pathTo } from '@/shared/paths';
import { EditRecord } from '@/ui/forms/EditRecord';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { FormHistory, useFormRestore } from '@/ui/history/FormHistory';
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

/** A stored role (or one of its revisions) as the form's values. */
function roleValues(role: Role) {
  return { name: role.name, permissions: role.permissions, updated_at: role.updated_at };
}

/** How the History names the role's fields: each area of the matrix by its row's label. */
const roleViews: FieldViews = {
  name: { label: 'Name' },
  ...Object.fromEntries(accessAreas.map((area) => [`permissions.${area}`, { label: areaLabels[area] }])),
};

function EditRole({ role, onReload }: { role: Role; onReload: () => void }) {
  const [, navigate] = useLocation();
  const flow = useSaveForm({
    id: `role-edit-${role.id}`,
    schema: roleUpdateSchema,
    defaultValue: roleValues(role),
    validate: (values) => api.roles.validate({ body: { ...values, id: role.id } }),
    save: (values) =>
      api.roles.update({ params: { id: role.id }, body: { ...values, updated_at: role.updated_at } }),
    onSaved: () => {
      toast.success('You have updated a role.');
      navigate(pathTo('roles.index'));
    },
  });
  const restorer = useFormRestore(flow);
  const updateRefused = useCallAllowed('roles.update').reason;
  const id = role.id;
  return (
    <>
      <PageHeader
        title="Roles"
        subtitle={`Updating ${role.name}`}
        actions={
          <FormHistory
            restoreBlocked={updateRefused}
            flow={flow}
            schema={roleUpdateSchema}
            restorer={restorer}
            views={roleViews}
            list={(page) => api.roles.history({ query: { id, page } })}
            show={async (revision) => {
              const { data } = await api.roles.historyShow({ query: { id, revision } });
              // The form keeps the version it loaded: saving the revision is checked against it.
              return { ...roleValues(data), updated_at: role.updated_at };
            }}
          />
        }
      />
      <RoleForm
        flow={flow}
        permissions={role.permissions}
        onReload={onReload}
        round={restorer.round}
        refusedReason={updateRefused}
      />
    </>
  );
}
