import { type Aspect, RASTER_TYPES, type Rendition, renditionsAt } from '@/shared/renditions';

export type { Rendition } from '@/shared/renditions';
export { RASTER_TYPES } from '@/shared/renditions';

/** A library item as renditions need it (a media row): its hash, type, upright size and focal point (0 to 1). */
export interface RenditionItem {
  sha256: string;
  mime: string;
  width: number | null;
  height: number | null;
  focalX: number | null;
  focalY: number | null;
}

/**
 * An item's renditions: AVIF, WebP and JPEG at each standard width up to its own, whole or cropped
 * around its focal point to an aspect. Addresses only: each is made by a job after upload or on
 * its first request (GET /media/r/…), then served as an immutable file.
 */
export function renditionsOf(item: RenditionItem, aspect: Aspect = 'original'): Rendition[] {
  if (!RASTER_TYPES.has(item.mime) || !item.width || !item.height) return [];
  return renditionsAt(
    {
      sha256: item.sha256,
      width: item.width,
      height: item.height,
      focal_x: item.focalX,
      focal_y: item.focalY,
    },
    aspect,
  );
}
