import { useMemo, useState } from 'react';
import type { RecordImage } from '@/api/contract/images';
import { MediaField } from './MediaField';

export { idsOf, thumbnailOf } from './recordImages';

export interface RecordImageFieldProps {
  label: string;
  /** The form field the ids are posted under. */
  name: string;
  /** The ids the field holds at first. */
  defaultIds: readonly number[];
  /** Images the record answered (the field's among them), shown without reading the library. */
  known: readonly RecordImage[];
  /** `one`: the field holds one id or nothing (a logo, an avatar); `list`: a list of ids (`name[0]`). */
  shape: 'one' | 'list';
  max?: number;
  errorMessage?: string | undefined;
  isDisabled?: boolean;
}

/**
 * A record's image field (a brand's logo, a dealership's images, a user's avatar): picks from the
 * media library or uploads into it (MediaField) and posts the items' ids with the form.
 */
export function RecordImageField({
  label,
  name,
  defaultIds,
  known: knownImages,
  shape,
  max = 1,
  errorMessage,
  isDisabled,
}: RecordImageFieldProps) {
  const [ids, setIds] = useState<number[]>(() => [...defaultIds]);
  const known = useMemo(() => new Map(knownImages.map((image) => [image.id, image])), [knownImages]);
  return (
    <>
      <MediaField
        label={label}
        value={ids.map((media_id) => ({ media_id }))}
        onChange={(next) => setIds(next.flatMap((entry) => ('media_id' in entry ? [entry.media_id] : [])))}
        max={max}
        altHere={false}
        errorMessage={errorMessage}
        isDisabled={isDisabled}
        known={known}
      />
      {shape === 'one' ? (
        <input type="hidden" name={name} value={ids[0] ?? ''} />
      ) : (
        ids.map((id, index) => <input key={id} type="hidden" name={`${name}[${index}]`} value={id} />)
      )}
    </>
  );
}
