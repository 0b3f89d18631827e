import sharp from 'sharp';

/** A repeatable pseudo-random byte stream (a 32-bit LCG): the same seed draws the same photo. */
function randomBytes(seed: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/**
 * A photograph-like JPEG drawn from a seed: soft colour fields (a few dozen random colours blown
 * up smoothly) under fine grain, so encoders meet both gradients and detail, as in a camera photo.
 * The same seed and size give the same bytes.
 */
export async function syntheticPhoto(width: number, height: number, seed = 1, quality = 88): Promise<Buffer> {
  const fields = await sharp(randomBytes(seed, 12 * 8 * 3), { raw: { width: 12, height: 8, channels: 3 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  const grain = randomBytes(seed * 7919 + 1, fields.length);
  // A clamped view: a value past 0 or 255 stops there instead of wrapping round.
  const pixels = new Uint8ClampedArray(fields.buffer, fields.byteOffset, fields.length);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (fields[i] ?? 0) + ((grain[i] ?? 0) >> 3) - 16;
  return sharp(fields, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
