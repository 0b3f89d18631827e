import { MAX_LENGTH } from '@/shared/schema';
import { TextField } from '@/ui/TextField';
import { type FieldEditorProps, textOf } from './types';

/** A one-line text field of a block. */
export function TextEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  return (
    <TextField
      label={field.name}
      name={name}
      value={textOf(value)}
      onChange={onChange}
      maxLength={MAX_LENGTH.text}
      errorMessage={error}
    />
  );
}
