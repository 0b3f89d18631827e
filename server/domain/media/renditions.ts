import type { MediaItemRow } from './items';

/** A size of an image in one format, made from its original. */
export interface Rendition {
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  url: string;
}

/** The renditions an item is served in; none yet: the original is served as it is. */
export function renditionsOf(_item: MediaItemRow): Rendition[] {
  return [];
}
