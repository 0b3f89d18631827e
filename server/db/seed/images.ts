/**
 * Small, valid PNGs drawn in code for the demo data: round brand badges with initials, and
 * banners in a brand's colour. No image library, just pixels, zlib and the PNG chunk format.
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Encodes 8-bit RGBA pixels (`width * height * 4` bytes, rows top to bottom) as a PNG. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter type: 0, none.
    rows[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(rows, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 5x7 capital alphabet, enough to letter a badge. */
const GLYPHS: Record<string, string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
};

/** Parses `#rrggbb`. */
export function hexColour(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A round badge in the brand's colour with up to three initials (white, or dark on a light colour). */
export function badgePng(initials: string, colour: Rgb, size = 128): Buffer {
  const pixels = new Uint8Array(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2 - 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - centre, y - centre);
      // One pixel of soft edge, so the circle does not look jagged.
      const alpha = Math.max(0, Math.min(1, radius - distance + 0.5));
      const i = (y * size + x) * 4;
      pixels.set([colour[0], colour[1], colour[2], Math.round(alpha * 255)], i);
    }
  }
  const light = 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2] > 160;
  const ink = light ? [17, 17, 17, 255] : [255, 255, 255, 255];
  const letters = [...initials.toUpperCase()].filter((c) => GLYPHS[c]).slice(0, 3);
  const scale =
    letters.length <= 1 ? Math.floor(size / 13) : Math.floor((size * 0.66) / (letters.length * 6 - 1));
  const textWidth = (letters.length * 6 - 1) * scale;
  const left = Math.round((size - textWidth) / 2);
  const top = Math.round((size - 7 * scale) / 2);
  letters.forEach((letter, n) => {
    GLYPHS[letter]!.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const x = left + (n * 6 + gx) * scale + dx;
            const y = top + gy * scale + dy;
            pixels.set(ink, (y * size + x) * 4);
          }
        }
      });
    });
  });
  return encodePng(size, size, pixels);
}

/** A wide banner: the brand's colour deepening left to right, with soft diagonal bands. */
export function bannerPng(colour: Rgb, width = 600, height = 200): Buffer {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = 1 - 0.45 * (x / width);
      const band = Math.floor((x + y) / 40) % 2 === 0 ? 1 : 0.92;
      const i = (y * width + x) * 4;
      pixels.set(
        [
          Math.round(colour[0] * shade * band),
          Math.round(colour[1] * shade * band),
          Math.round(colour[2] * shade * band),
          255,
        ],
        i,
      );
    }
  }
  return encodePng(width, height, pixels);
}
