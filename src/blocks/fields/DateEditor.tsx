import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { type FieldEditorProps, textOf } from './types';

/** A calendar day, kept as YYYY-MM-DD. */
export function DateEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  return (
    <Field
      kind="date"
      field={stateFieldMeta(name, error)}
      label={field.name}
      value={textOf(value)}
      onChange={onChange}
    />
  );
}
