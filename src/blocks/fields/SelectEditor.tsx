import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { type FieldEditorProps, textOf } from './types';

/** One of the field's options; an unset value shows the placeholder. */
export function SelectEditor({ name, field, value, onChange, error }: FieldEditorProps) {
  const items = (field.options ?? []).map((option) => ({ id: option.value, name: option.label }));
  const current = textOf(value);
  return (
    <Field
      kind="select"
      field={stateFieldMeta(name, error)}
      label={field.name}
      items={items}
      selectedKey={current === '' ? null : current}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      placeholder="Choose one"
    />
  );
}
