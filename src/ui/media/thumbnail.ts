import type { MediaItem } from '@/api/contract/media';

/** What a thumbnail needs of a library item. */
type Thumbnailed = Pick<MediaItem, 'url' | 'renditions' | 'width' | 'height'>;

/**
 * The `<img>` attributes of a library item shown small (the library's tiles, the picker, a field's
 * preview): its WebP renditions as a `srcset` so the browser takes the smallest that covers the
 * box at the screen's density, the item's own size for the box's shape, and the stored file only
 * for what has no renditions (a GIF, an SVG). `sizes` says how wide the box is drawn.
 */
export function thumbnailAttributes(item: Thumbnailed, sizes: string) {
  const webp = item.renditions
    .filter((rendition) => rendition.format === 'webp')
    .sort((a, b) => a.width - b.width);
  return {
    src: webp[0]?.url ?? item.url,
    srcSet:
      webp.length > 1
        ? webp.map((rendition) => `${rendition.url} ${rendition.width}w`).join(', ')
        : undefined,
    sizes: webp.length > 1 ? sizes : undefined,
    width: item.width ?? undefined,
    height: item.height ?? undefined,
  };
}
