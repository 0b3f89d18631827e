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
  /** Bumped when a revision is loaded into the form: the matrix is drawn again from its values. */
  round?: number;
  /** Why the user may not save this role (their role cannot change roles): the form is read-only. */
  refusedReason?: string | null;
}

/** The matrix's values as the form holds them: one ticked box of a row is a string, several an array. */
function heldIn(value: unknown): Permissions {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([area, actions]) => [
      area,
      (Array.isArray(actions) ? actions : [actions]).filter((a): a is string => typeof a === 'string'),
    ]),
  ) as Permissions;
}

/** The role form: its name and its matrix of permissions, area by action. */
export function RoleForm({ flow, permissions, onReload, round = 0, refusedReason }: RoleFormProps) {
  const { form, fields } = flow;
  // The server files an area's error under `permissions.<area>`; the matrix shows them all.
  const errors = Object.entries(form.allErrors)
    .filter(([key]) => key.startsWith('permissions'))
    .flatMap(([, messages]) => messages);
  return (
    <SaveFormFrame
      flow={flow}
      cancelHref={pathTo('roles.index')}
      onReload={onReload}
      refusedReason={refusedReason}
    >
      <Field field={fields.name} label="Name" autoComplete="off" />
      <PermissionMatrix
        key={round}
        name={fields.permissions.name}
        defaultValue={round > 0 ? heldIn(fields.permissions.value) : permissions}
        errors={errors}
        onChange={() => flow.onChange(fields.permissions.name)}
      />
    </SaveFormFrame>
  );
}
