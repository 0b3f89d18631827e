import type { RecordImage } from '@/api/contract/images';

/** A form's default value(s) of an image field ('12', ['12']) as ids. */
export function idsOf(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  return values.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/** Where a list shows a record's image small: its smallest WebP rendition, else its original. */
export function thumbnailOf(image: RecordImage | null | undefined): string | null {
  if (!image) return null;
  const webp = (image.renditions ?? []).filter((r) => r.format === 'webp');
  return (
    webp.reduce<(typeof webp)[number] | null>((a, b) => (a && a.width <= b.width ? a : b), null)?.url ??
    image.url
  );
}
