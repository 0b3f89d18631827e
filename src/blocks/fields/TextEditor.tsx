import { MAX_LENGTH } from '@/shared/schema';
import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { type FieldEditorProps, textOf } from './types';

/** A one-line text field of a block. */
export function TextEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  return (
    <Field
      field={stateFieldMeta(name, error)}
      label={field.name}
      value={textOf(value)}
      onChange={onChange}
      maxLength={MAX_LENGTH.text}
    />
  );
}
