import type { Metadata } from 'sharp';
import sharp from 'sharp';
import { MEDIA_MAX_BYTES } from '@/api/contract/media';
import {
  declaredFormat,
  declaredSize,
  IMAGE_LABEL,
  IMAGE_MIME,
  type ImageFormat,
  sniffImage,
} from './imageHeader';

/** The largest image file taken: the library's one limit (documented in the README). */
export const MAX_IMAGE_BYTES = MEDIA_MAX_BYTES;
/** The most pixels an image may declare: 100 megapixels (a 24 MP camera photo is far below). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The longest side an image may declare. */
export const MAX_IMAGE_SIDE = 30_000;

export interface ProbedImage {
  ok: true;
  format: ImageFormat;
  mime: string;
  /** The size as shown: upright, after the camera's orientation tag is applied. */
  width: number;
  height: number;
}

/** Why a file is refused, worded for the person who uploaded it (a field error). */
export interface ImageRefusal {
  ok: false;
  message: string;
}

export type ProbeResult = ProbedImage | ImageRefusal;

const refuse = (message: string): ImageRefusal => ({ ok: false, message });
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const BOMB = `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE.toLocaleString('en-GB')} pixels a side.`;

/**
 * Whether a file is an image the library may keep, and its format and upright size. Judged by its
 * bytes, never by its name: a file whose name or declared type says another format is refused, and
 * so is a raster whose header declares more pixels than the limits (before anything is decoded),
 * an animation, a file that does not decode, and an SVG that could run or fetch anything (see
 * `svgDanger`: such SVGs are refused rather than rewritten, so what is stored is what was sent).
 */
export async function probeImage(
  bytes: Buffer,
  declared: { name?: string | undefined; mime?: string | undefined } = {},
): Promise<ProbeResult> {
  if (bytes.length === 0) return refuse('The file is empty.');
  if (bytes.length > MAX_IMAGE_BYTES)
    return refuse(`The file may not be greater than ${megabytes(MAX_IMAGE_BYTES)}.`);
  const format = sniffImage(bytes);
  if (!format)
    return refuse('The file is not an image the library takes (JPEG, PNG, GIF, WebP, AVIF or SVG).');
  const said = declaredFormat(declared.name, declared.mime);
  if (said && said !== format) {
    return refuse(
      `The file is a ${IMAGE_LABEL[format]} image, not the ${IMAGE_LABEL[said]} its name or type says.`,
    );
  }
  if (format === 'svg') {
    const danger = svgDanger(bytes.toString('utf8'));
    if (danger) return refuse(`The SVG is refused: it ${danger}. Export it again without it.`);
  }
  const header = declaredSize(bytes, format);
  if (header && tooLarge(header.width, header.height)) return refuse(BOMB);

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) return refuse(BOMB);
    return refuse(`The file is not a readable ${IMAGE_LABEL[format]} image.`);
  }
  const upright = metadata.autoOrient ?? metadata;
  const width = upright.width ?? 0;
  const height = upright.height ?? 0;
  if (!width || !height) return refuse(`The file is not a readable ${IMAGE_LABEL[format]} image.`);
  if (tooLarge(width, height)) return refuse(BOMB);
  if ((metadata.pages ?? 1) > 1) return refuse('Animated images are not taken: upload a still image.');
  if (format !== 'svg' && !(await decodes(bytes))) {
    return refuse(`The file is not a readable ${IMAGE_LABEL[format]} image: it is damaged or cut short.`);
  }
  return { ok: true, format, mime: IMAGE_MIME[format], width, height };
}

function tooLarge(width: number, height: number): boolean {
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;
}

/** Whether the whole image decodes; shrunk while decoding, so a large photo costs a fraction of a full decode. */
async function decodes(bytes: Buffer): Promise<boolean> {
  try {
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** An href or url() is safe when it stays inside the file: a fragment, or an embedded raster image. */
const INTERNAL = /^\s*(?:#|data:image\/(?:png|jpeg|gif|webp);)/i;

/**
 * What in an SVG could run script or reach outside the file when a browser opens it; null when
 * nothing does. Checked on the text, so markup hidden by entities or odd casing is caught too
 * (entity declarations are refused outright).
 */
export function svgDanger(svg: string): string | null {
  if (/<!ENTITY/i.test(svg)) return 'declares XML entities';
  if (/<\s*(?:[\w-]+:)?script[\s>/]/i.test(svg)) return 'contains a script';
  if (/<\s*(?:[\w-]+:)?foreignObject[\s>/]/i.test(svg))
    return 'contains a foreign object (HTML inside the SVG)';
  if (/<\s*(?:[\w-]+:)?(?:iframe|embed|object)[\s>/]/i.test(svg)) return 'embeds another document';
  if (/[\s"'/]on[a-z]+\s*=/i.test(svg)) return 'contains an event handler (an on… attribute)';
  if (/javascript\s*:/i.test(svg)) return 'contains a javascript: address';
  if (/attributeName\s*=\s*["']?\s*(?:xlink:)?href/i.test(svg)) return 'animates a link';
  if (/@import/i.test(svg)) return 'imports a style sheet';
  for (const match of svg.matchAll(/(?:^|[\s"'])(?:xlink:)?href\s*=\s*(["'])(.*?)\1/gi)) {
    if (!INTERNAL.test(match[2] ?? '')) return 'refers to another file or address';
  }
  for (const match of svg.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gi)) {
    if (!INTERNAL.test(match[2] ?? '')) return 'refers to another file or address';
  }
  return null;
}
