import { MediaField, type MediaFieldEntry } from '@/ui/media/MediaField';
import type { FieldEditorProps } from './types';

const imagesOf = (value: FieldEditorProps['value']): MediaFieldEntry[] => (Array.isArray(value) ? value : []);

/** Images picked from the media library (or uploaded into it), each with an alt text of its own here. */
export function FilesEditor({ field, value, onChange, error }: FieldEditorProps) {
  return (
    <MediaField
      label={field.name}
      max={field.max ?? 1}
      value={imagesOf(value)}
      onChange={onChange}
      errorMessage={error}
    />
  );
}
