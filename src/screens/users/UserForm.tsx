import type { RecordImage } from '@/api/contract/images';
import type { userCreateSchema, userUpdateSchema } from '@/api/contract/users';
import { pathTo } from '@/shared/paths';
import type { AccessChoices } from '@/ui/access/accessChoices';
import { ScopeField } from '@/ui/access/ScopeField';
import { Field, type FieldMetaWithKey } from '@/ui/Field';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import type { SaveForm } from '@/ui/forms/useSaveForm';
import { idsOf, RecordImageField } from '@/ui/media/RecordImageField';

interface UserFormProps {
  flow: SaveForm<typeof userCreateSchema> | SaveForm<typeof userUpdateSchema>;
  /** On edit an empty password keeps the current one (the schema marks it so; this words the hint). */
  passwordRequired: boolean;
  onReload?: () => void;
  /** Why the user may not save this record: the form is then read-only (SaveFormFrame). */
  refusedReason?: string | null;
  /**
   * When you edit yourself: the e-mail you have now and the current-password field, shown once
   * you change your e-mail or password (the server asks for it then).
   */
  self?: { email: string; currentPassword: FieldMetaWithKey };
  /** The roles, brands and dealerships to choose from; null while they load. */
  choices: AccessChoices | null;
  /** The scope the user has (the whole group for a new one). */
  scope: { brand_ids: number[]; dealership_ids: number[] };
  /** The avatar the user has (a library image), if any. */
  avatar?: RecordImage | null;
}

/** The user form (spec §2 Users): name, email, telephone, job title, password, avatar. */
export function UserForm({
  flow,
  refusedReason,
  passwordRequired,
  onReload,
  self,
  choices,
  scope,
  avatar = null,
}: UserFormProps) {
  const { form, fields } = flow;
  const scopeErrors = Object.entries(form.allErrors)
    .filter(([key]) => key.startsWith('scope'))
    .flatMap(([, messages]) => messages);
  // Only the roles the signer may give (the server refuses the others), and the one the user holds,
  // so the form shows the truth about them.
  const roles = choices?.roles.filter(
    (role) => role.assignable || String(role.id) === fields.role_id.defaultValue,
  );
  const changesSignIn =
    Boolean(fields.password.value) ||
    (fields.email.value ?? '').trim().toLowerCase() !== self?.email.trim().toLowerCase();
  return (
    <SaveFormFrame
      flow={flow}
      cancelHref={pathTo('users.index')}
      onReload={onReload}
      refusedReason={refusedReason}
    >
      <Field field={fields.name} label="Name" autoComplete="off" />
      <Field field={fields.email} label="Email" type="email" autoComplete="off" />
      <Field field={fields.telephone} label="Telephone" type="tel" />
      <Field field={fields.job_title} label="Job title" />
      <Field
        field={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        description={
          passwordRequired ? 'At least 8 characters.' : 'Leave blank to keep the current password.'
        }
      />
      <Field
        kind="select"
        field={fields.role_id}
        label="Role"
        items={roles ?? []}
        isRequired
        placeholder={choices ? 'Choose a role' : 'Loading…'}
        // Not opened before its roles arrive: drawn again then, an open list would close under the pointer.
        isDisabled={!choices}
        // The list arrives after the form: drawn again with it, the saved role shows as chosen.
        key={`${fields.role_id.key}-${choices ? 'ready' : 'loading'}`}
      />
      <ScopeField
        name={fields.scope.name}
        defaultValue={scope}
        brands={choices?.brands ?? []}
        dealerships={choices?.dealerships ?? []}
        loading={!choices}
        errors={scopeErrors}
        onChange={() => flow.onChange(fields.scope.name)}
      />
      {self && changesSignIn ? (
        <Field
          field={self.currentPassword}
          // Asked for whenever it shows: the server needs it to change the e-mail or password.
          isRequired
          label="Current password"
          type="password"
          autoComplete="current-password"
          description="To change your e-mail or password, confirm it is you."
        />
      ) : null}
      <RecordImageField
        label="Avatar"
        name={fields.avatar.name}
        defaultIds={idsOf(fields.avatar.defaultValue)}
        known={avatar ? [avatar] : []}
        shape="one"
        errorMessage={fields.avatar.errors?.[0]}
      />
    </SaveFormFrame>
  );
}
