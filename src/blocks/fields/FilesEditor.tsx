import type { StoredFile } from '@/api/contract/common';
import { FileField } from '@/ui/FileField';
import type { FieldEditorProps } from './types';

const IMAGES = 'image/png,image/jpeg,image/gif,image/webp';

const filesOf = (value: FieldEditorProps['value']): StoredFile[] => (Array.isArray(value) ? value : []);

/** Images uploaded as soon as they are picked; the control is disabled once the field's max is reached. */
export function FilesEditor({ name, field, value, onChange, error, upload }: FieldEditorProps) {
  return (
    <FileField
      label={field.name}
      name={name}
      maxFiles={field.max ?? 1}
      accept={IMAGES}
      files={filesOf(value)}
      onChange={onChange}
      onUpload={upload ?? (() => Promise.reject(new Error('This field cannot take files here.')))}
      isDisabled={!upload}
      errorMessage={error}
    />
  );
}
