import { DateField } from '@/ui/DateField';
import { type FieldEditorProps, textOf } from './types';

/** A calendar day, kept as YYYY-MM-DD. */
export function DateEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  return (
    <DateField
      label={field.name}
      name={name}
      value={textOf(value)}
      onChange={onChange}
      errorMessage={error}
    />
  );
}
