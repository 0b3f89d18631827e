import type { StoredFile } from '@/api/contract/common';
import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import type { FieldEditorProps } from './types';

const IMAGES = 'image/png,image/jpeg,image/gif,image/webp';

const filesOf = (value: FieldEditorProps['value']): StoredFile[] => (Array.isArray(value) ? value : []);

/** Images uploaded as soon as they are picked; the control is disabled once the field's max is reached. */
export function FilesEditor({ name, field, value, onChange, error, upload }: FieldEditorProps) {
  return (
    <Field
      kind="file"
      field={stateFieldMeta(name, error)}
      label={field.name}
      maxFiles={field.max ?? 1}
      accept={IMAGES}
      files={filesOf(value)}
      onChange={onChange}
      onUpload={upload ?? (() => Promise.reject(new Error('This field cannot take files here.')))}
      isDisabled={!upload}
    />
  );
}
