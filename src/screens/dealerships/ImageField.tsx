import { createContext, useContext } from 'react';
import type { RecordImage } from '@/api/contract/images';
import { idsOf, RecordImageField } from '@/ui/media/RecordImageField';
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
  description?: string;
}

/** The images the dealership being edited holds (banner, dealership and team), as it answered them. */
export const DealershipImages = createContext<readonly RecordImage[]>([]);

/** One image from the media library (spec §5: at most 1); the form posts its id. */
export function ImageField({ label, meta }: ImageFieldProps) {
  const known = useContext(DealershipImages);
  return (
    <RecordImageField
      label={label}
      name={meta.name}
      defaultIds={idsOf(meta.defaultOptions ?? [])}
      known={known}
      shape="list"
      // The server names a refused id by its place in the list (`banner_img.0`).
      errorMessage={errorsWithin(meta)?.[0]}
    />
  );
}
