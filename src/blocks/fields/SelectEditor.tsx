import { Select } from '@/ui/Select';
import { type FieldEditorProps, textOf } from './types';

/** One of the field's options; an unset value shows the placeholder. */
export function SelectEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  const items = (field.options ?? []).map((option) => ({ id: option.value, name: option.label }));
  const current = textOf(value);
  return (
    <Select
      label={field.name}
      name={name}
      items={items}
      selectedKey={current === '' ? null : current}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      placeholder="Choose one"
      errorMessage={error}
    />
  );
}
