import { Field } from '@/ui/Field';
import type { FieldMeta } from '@/ui/formProps';

const YES_NO = [
  { id: 0, name: 'No' },
  { id: 1, name: 'Yes' },
];

export interface YesNoFieldProps {
  field: FieldMeta;
  label: string;
  value: 0 | 1;
  /** Anything but 'Yes' counts as 'No'. */
  onChange: (value: 0 | 1) => void;
}

/** A No/Yes select for a stored 0/1 flag. */
export function YesNoField({ field, label, value, onChange }: YesNoFieldProps) {
  return (
    <Field
      kind="select"
      field={field}
      label={label}
      items={YES_NO}
      selectedKey={value}
      onSelectionChange={(key) => onChange(key === 1 ? 1 : 0)}
    />
  );
}
