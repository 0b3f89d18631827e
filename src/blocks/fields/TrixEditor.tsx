import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { type FieldEditorProps, textOf } from './types';

/**
 * Rich text kept as markdown. The editor owns its text once opened (it reports at most every 300 ms),
 * so the stored markdown is only its starting point: opening and saving without edits keeps it as is.
 */
export function TrixEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  return (
    <Field
      kind="richtext"
      field={stateFieldMeta(name, error, { defaultValue: textOf(value) })}
      label={field.name}
      onChange={onChange}
    />
  );
}
