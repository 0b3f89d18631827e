import type { UploadHandle } from '@/api/contract/files';
import { uploadFile } from '@/api/uploads';
import { describeFailure } from '@/machines/errors';
import { Field } from '@/ui/Field';
import { toast } from '@/ui/toasts';
import { errorsWithin } from './form';

interface ImageMeta {
  name: string;
  id?: string;
  key?: string;
  defaultOptions?: string[];
  errors?: string[];
  allErrors: Record<string, string[]>;
}

interface ImageFieldProps {
  label: string;
  meta: ImageMeta;
  handle: UploadHandle;
  description?: string;
}

/** One image (spec §5: at most 1), uploaded as soon as it is picked; the form posts its stored path. */
export function ImageField({ label, meta, handle, description }: ImageFieldProps) {
  return (
    <Field
      kind="file"
      field={meta}
      label={label}
      maxFiles={1}
      accept="image/png,image/jpeg,image/gif,image/webp"
      description={description ?? 'PNG, JPEG, GIF or WebP, up to 5 MB.'}
      // The server names a refused path by its place in the list (`banner_img.0`).
      errorMessage={errorsWithin(meta)}
      onUpload={(file) => uploadFile(handle, file)}
      onUploadError={(error) => toast.error(describeFailure(error).message)}
    />
  );
}
