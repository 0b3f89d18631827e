import type { roleCreateSchema, roleUpdateSchema } from '@/api/contract/roles';
import type { Permissions } from '@/shared/access';
import { pathTo } from '@/shared/paths';
import { Field } from '@/ui/Field';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import type { SaveForm } from '@/ui/forms/useSaveForm';
import { PermissionMatrix } from './PermissionMatrix';

interface RoleFormProps {
  flow: SaveForm<typeof roleCreateSchema> | SaveForm<typeof roleUpdateSchema>;
  permissions: Permissions;
  onReload?: () => void;
}

/** The role form: its name and its matrix of permissions, area by action. */
export function RoleForm({ flow, permissions, onReload }: RoleFormProps) {
  const { form, fields } = flow;
  // The server files an area's error under `permissions.<area>`; the matrix shows them all.
  const errors = Object.entries(form.allErrors)
    .filter(([key]) => key.startsWith('permissions'))
    .flatMap(([, messages]) => messages);
  return (
    <SaveFormFrame flow={flow} cancelHref={pathTo('roles.index')} onReload={onReload}>
      <Field field={fields.name} label="Name" autoComplete="off" />
      <PermissionMatrix
        name={fields.permissions.name}
        defaultValue={permissions}
        errors={errors}
        onChange={() => flow.onChange(fields.permissions.name)}
      />
    </SaveFormFrame>
  );
}
