import { MAX_LENGTH } from '@/shared/schema';
import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { type FieldEditorProps, textOf } from './types';

/** A multi-line text field of a block. */
export function TextareaEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  return (
    <Field
      kind="textarea"
      field={stateFieldMeta(name, error)}
      label={field.name}
      value={textOf(value)}
      onChange={onChange}
      maxLength={MAX_LENGTH.textarea}
    />
  );
}
