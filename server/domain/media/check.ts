/**
 * The library's own check of an upload, by its bytes: the type, a readable header, no more pixels
 * than a photograph has. The image pipeline's probe (decoding, SVG) goes further.
 */
import { CONTENT_TYPES, type FileKind, IMAGE_KINDS, sniff } from '../storage';
import { declaredSize } from './dimensions';

/** The most pixels an image may declare: more is a decompression bomb, not a photograph. */
export const MAX_PIXELS = 100_000_000;

export type UploadCheck =
  | { ok: true; kind: FileKind; mime: string; width: number | null; height: number | null }
  | { ok: false; error: string };

const ACCEPTED: FileKind[] = [...IMAGE_KINDS, 'pdf'];

/** What an uploaded file is, judged by its bytes, or why the library refuses it. */
export async function checkUpload(bytes: Buffer): Promise<UploadCheck> {
  const kind = sniff(bytes);
  if (!kind || !ACCEPTED.includes(kind)) {
    return { ok: false, error: 'The file must be an image (PNG, JPEG, GIF or WebP) or a PDF.' };
  }
  if (kind === 'pdf') return { ok: true, kind, mime: CONTENT_TYPES.pdf, width: null, height: null };
  const size = declaredSize(bytes, kind);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, error: 'The image could not be read.' };
  if (size.width * size.height > MAX_PIXELS) {
    return { ok: false, error: 'The image declares more than 100 megapixels.' };
  }
  return { ok: true, kind, mime: CONTENT_TYPES[kind], width: size.width, height: size.height };
}
