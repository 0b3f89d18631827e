import type { FileKind } from '../storage';

export interface Dimensions {
  width: number;
  height: number;
}

function jpegSize(b: Buffer): Dimensions | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    const length = b.readUInt16BE(at + 2);
    // Start-of-frame markers (not DHT, JPG or DAC) carry the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Buffer): Dimensions | null {
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** The pixel size an image's header declares, or null when the header cannot be read. */
export function declaredSize(bytes: Buffer, kind: FileKind): Dimensions | null {
  if (kind === 'png' && bytes.length >= 24)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (kind === 'gif' && bytes.length >= 10)
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (kind === 'jpeg') return jpegSize(bytes);
  if (kind === 'webp') return webpSize(bytes);
  return null;
}
