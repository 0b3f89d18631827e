/**
 * Image renditions: the sizes, formats and crops an image is served in, and their addresses.
 * An address names everything its bytes are made from (the original's SHA-256, the crop's aspect
 * ratio and focal point, the width and the format), so it never changes meaning and is cached
 * for a year. The server makes a rendition from its address alone; the site and the delivery API
 * build the same addresses from an image's details.
 */

/** The widths renditions are made at, never above what the (cropped) original has. */
export const RENDITION_WIDTHS = [320, 640, 960, 1280, 1920, 2560] as const;

/** The raster types renditions are made from; an SVG scales by itself and a document has none. */
export const RASTER_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
]);

/** Best first: a browser takes the first `<source>` it supports. */
export const RENDITION_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

export const RENDITION_EXTENSIONS: Record<RenditionFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};
export const RENDITION_TYPES: Record<RenditionFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * The rendition a phone asks for first (a full-width image on a 360-412 px screen at 1.5-2x, in the
 * format every phone browser takes): made first after an upload.
 */
export const FIRST_WIDTH = 640;
export const FIRST_FORMAT: RenditionFormat = 'webp';

/** The crops blocks ask for: 'original' keeps the whole image; the others are width:height. */
export const ASPECTS = { original: null, '16x9': 16 / 9, '4x3': 4 / 3, '3x2': 3 / 2 } as const;
export type Aspect = keyof typeof ASPECTS;

/** What renditions are made from: the original's hash, its (upright) size and its focal point (0 to 1). */
export interface RenditionSource {
  sha256: string;
  width: number;
  height: number;
  focal_x: number | null;
  focal_y: number | null;
}

export interface Rendition {
  format: RenditionFormat;
  width: number;
  url: string;
}

/** One rendition's recipe, as its address spells it. */
export interface Variant {
  aspect: Aspect;
  /** The focal point in whole percent (0 to 100); 50, 50 for 'original', which crops nothing. */
  fx: number;
  fy: number;
  width: number;
}

/** Where renditions are served: `/media/r/<sha256>/<variant>.<ext>`. */
export const RENDITION_PREFIX = '/media/r/';

const percent = (value: number | null) =>
  value === null || !Number.isFinite(value) ? 50 : Math.min(100, Math.max(0, Math.round(value * 100)));

/** The variant's part of an address: 'o-w640', or '16x9-f30-70-w640' (focal point in percent). */
export function variantName(variant: Variant): string {
  return variant.aspect === 'original'
    ? `o-w${variant.width}`
    : `${variant.aspect}-f${variant.fx}-${variant.fy}-w${variant.width}`;
}

const VARIANT = /^(?:o|(16x9|4x3|3x2)-f(\d{1,3})-(\d{1,3}))-w(\d{1,4})\.(avif|webp|jpg)$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** A rendition address's parts, or null when it is not one this server makes. */
export function parseRendition(
  sha256: string,
  file: string,
): { sha256: string; variant: Variant; format: RenditionFormat } | null {
  const match = VARIANT.exec(file);
  if (!match || !SHA256.test(sha256)) return null;
  const [, aspect, fx, fy, width, ext] = match;
  const variant: Variant = {
    aspect: (aspect as Aspect | undefined) ?? 'original',
    fx: aspect ? Number(fx) : 50,
    fy: aspect ? Number(fy) : 50,
    width: Number(width),
  };
  if (variant.fx > 100 || variant.fy > 100) return null;
  // Leading zeros would make a second address for the same bytes.
  if (variantName(variant) !== file.slice(0, file.lastIndexOf('.'))) return null;
  const format = (Object.keys(RENDITION_EXTENSIONS) as RenditionFormat[]).find(
    (key) => RENDITION_EXTENSIONS[key] === ext,
  );
  return format ? { sha256, variant, format } : null;
}

/** A rendition's path under the server (make it absolute with the site's FileUrl). */
export function renditionPath(sha256: string, variant: Variant, format: RenditionFormat): string {
  return `${RENDITION_PREFIX}${sha256}/${variantName(variant)}.${RENDITION_EXTENSIONS[format]}`;
}

/** The storage key a rendition is kept under once made. */
export function renditionKey(sha256: string, variant: Variant, format: RenditionFormat): string {
  return `media/r/${sha256}/${variantName(variant)}.${RENDITION_EXTENSIONS[format]}`;
}

/** The size of the largest crop of the aspect an image of this size holds (the whole image for 'original'). */
export function cropSize(width: number, height: number, aspect: Aspect): { width: number; height: number } {
  const ratio = ASPECTS[aspect];
  if (ratio === null) return { width, height };
  if (width / height > ratio) return { width: Math.max(1, Math.round(height * ratio)), height };
  return { width, height: Math.max(1, Math.round(width / ratio)) };
}

/** The widths of an image's renditions at an aspect: the standard ones it is large enough for, or its own width. */
export function renditionWidths(width: number, height: number, aspect: Aspect): number[] {
  const crop = cropSize(width, height, aspect);
  const widths = RENDITION_WIDTHS.filter((w) => w <= crop.width);
  return widths.length ? widths : [crop.width];
}

/**
 * How to make a rendition: resize the whole image to `resize`, then cut out `extract` (the crop
 * centred on the focal point as near as the edges allow). Resizing first lets the decoder shrink
 * on load, which is most of the speed on large photographs.
 */
export function cropPlan(
  source: { width: number; height: number },
  variant: Variant,
): {
  resize: { width: number; height: number };
  extract: { left: number; top: number; width: number; height: number };
} {
  const crop = cropSize(source.width, source.height, variant.aspect);
  const scale = variant.width / crop.width;
  const resize = {
    width: Math.max(variant.width, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
  const ratio = ASPECTS[variant.aspect];
  const height = Math.min(
    resize.height,
    Math.max(1, Math.round(ratio === null ? resize.height : variant.width / ratio)),
  );
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return {
    resize,
    extract: {
      left: clamp((variant.fx / 100) * resize.width - variant.width / 2, resize.width - variant.width),
      top: clamp((variant.fy / 100) * resize.height - height / 2, resize.height - height),
      width: variant.width,
      height,
    },
  };
}

/** The height of a rendition of this width (what `<img height>` says, so the page does not shift). */
export function renditionHeight(
  source: { width: number; height: number },
  aspect: Aspect,
  width: number,
): number {
  return cropPlan(source, { aspect, fx: 50, fy: 50, width }).extract.height;
}

/** Every rendition of an image at an aspect: each format at each width, smallest first. */
export function renditionsAt(source: RenditionSource, aspect: Aspect = 'original'): Rendition[] {
  return RENDITION_FORMATS.flatMap((format) =>
    renditionWidths(source.width, source.height, aspect).map((width) => ({
      format,
      width,
      url: renditionPath(source.sha256, variantOf(source, aspect, width), format),
    })),
  );
}

/** The variant of an image at an aspect and width: its focal point matters only to a crop. */
export function variantOf(
  source: Pick<RenditionSource, 'focal_x' | 'focal_y'>,
  aspect: Aspect,
  width: number,
): Variant {
  const whole = aspect === 'original';
  return {
    aspect,
    fx: whole ? 50 : percent(source.focal_x),
    fy: whole ? 50 : percent(source.focal_y),
    width,
  };
}

/** The crop each block's image fields show, by block type and field; any other image keeps its shape. */
const BLOCK_ASPECTS: Record<string, Record<string, Aspect>> = {
  hero: { image: '16x9' },
  call_to_action: { background: '16x9' },
  video: { poster: '16x9' },
  offers: { image: '3x2' },
  gallery: { images: '3x2' },
  event: { photos: '3x2' },
};

/** The aspect a block's image field is cropped to ('original' when it asks for none). */
export function blockImageAspect(blockIndex: string, field: string): Aspect {
  return Object.hasOwn(BLOCK_ASPECTS, blockIndex)
    ? (BLOCK_ASPECTS[blockIndex]?.[field] ?? 'original')
    : 'original';
}
