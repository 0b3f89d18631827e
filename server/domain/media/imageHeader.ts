/** The image formats the library takes, judged by their first bytes. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg';

export const IMAGE_MIME: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The format names a person reads ('a PNG image'). */
export const IMAGE_LABEL: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  avif: 'AVIF',
  svg: 'SVG',
};

const EXTENSIONS: Record<string, ImageFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
};

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((b, i) => buffer[offset + i] === b);

/** What an image really is by its first bytes; null for anything else. */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  // ISO base media: 'ftyp' then a brand of AVIF.
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brands = bytes.subarray(8, Math.min(bytes.length, 64)).toString('latin1');
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head))
    return 'svg';
  return null;
}

/** The format a file name or a declared type says ('photo.jpg', 'image/png'); null when it says none. */
export function declaredFormat(name: string | undefined, mime: string | undefined): ImageFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name ?? '')?.[1]?.toLowerCase();
  if (ext && Object.hasOwn(EXTENSIONS, ext)) return EXTENSIONS[ext] ?? null;
  const type = (mime ?? '').split(';')[0]?.trim().toLowerCase();
  const found = (Object.keys(IMAGE_MIME) as ImageFormat[]).find((format) => IMAGE_MIME[format] === type);
  return found ?? null;
}

/**
 * The pixel size a raster file's header declares, read from the bytes without decoding anything
 * (so a small file declaring a huge image is caught before any memory is spent on it). Null when
 * the header cannot be found; sharp then reads it, under its own pixel limit.
 */
export function declaredSize(bytes: Buffer, format: ImageFormat): { width: number; height: number } | null {
  if (format === 'png' && bytes.length >= 24 && bytes.subarray(12, 16).toString('latin1') === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (format === 'gif' && bytes.length >= 10) {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (format === 'jpeg') return jpegSize(bytes);
  if (format === 'webp') return webpSize(bytes);
  return null;
}

/** The first start-of-frame marker's size (SOF0 to SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}
