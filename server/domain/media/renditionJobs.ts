import { type Aspect, renditionWidths, type Variant, variantOf } from '@/shared/renditions';
import type { Renderer } from './render';
import { RASTER_TYPES, type RenditionItem } from './renditions';

/** The queue that makes renditions after an upload: one job per image and aspect, making every width and format. */
export const RENDITIONS_QUEUE = 'media-renditions';

export interface RenditionJobData {
  sha256: string;
  variants: Variant[];
}

/** The job that makes every rendition of an item at an aspect (the whole image unless a crop is asked for). */
export function renditionJob(item: RenditionItem, aspect: Aspect = 'original'): RenditionJobData | null {
  if (!item.width || !item.height || !RASTER_TYPES.has(item.mime)) return null;
  const { width, height } = item;
  return {
    sha256: item.sha256,
    variants: renditionWidths(width, height, aspect).map((w) =>
      variantOf({ focal_x: item.focalX, focal_y: item.focalY }, aspect, w),
    ),
  };
}

/** A job's work: what of it is not stored yet (a retried or repeated job makes nothing twice). */
export async function makeRenditions(renderer: Renderer, data: RenditionJobData): Promise<void> {
  await renderer.makeAll(data.sha256, data.variants);
}
