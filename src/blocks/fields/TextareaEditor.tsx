import { MAX_LENGTH } from '@/shared/schema';
import { TextArea } from '@/ui/TextField';
import { type FieldEditorProps, textOf } from './types';

/** A multi-line text field of a block. */
export function TextareaEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  return (
    <TextArea
      label={field.name}
      name={name}
      value={textOf(value)}
      onChange={onChange}
      maxLength={MAX_LENGTH.textarea}
      errorMessage={error}
    />
  );
}
