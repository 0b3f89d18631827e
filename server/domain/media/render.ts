import type { OutputInfo, Sharp } from 'sharp';
import sharp from 'sharp';
import {
  cropPlan,
  RENDITION_FORMATS,
  RENDITION_TYPES,
  type RenditionFormat,
  renditionKey,
  renditionWidths,
  type Variant,
} from '@/shared/renditions';
import { MAX_IMAGE_PIXELS } from './probe';

/** The part of the file storage renditions need: originals under `media/<sha256>`, renditions beside them. */
export interface RenditionStore {
  get(key: string): Promise<Buffer | null>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Where an original is kept: its SHA-256 names it, so the same file is stored once. */
export const originalKey = (sha256: string) => `media/${sha256}`;

/**
 * Encoder settings. AVIF at effort 2: sharp's default (4) took nine times as long on a
 * 24-megapixel photo for a few per cent fewer bytes.
 */
function encode(image: Sharp, format: RenditionFormat): Sharp {
  if (format === 'avif') return image.avif({ quality: 45, effort: 2 });
  if (format === 'webp') return image.webp({ quality: 75, effort: 4 });
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true });
}

/** Runs at most `limit` pieces of work at once; the rest wait their turn in order. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export interface RendererOptions {
  store: RenditionStore;
  /** Visitors' renditions made at once in this process; more wait (each is a fraction of a second). */
  requests?: number;
  /** Encodings a background job runs side by side: one per core. */
  encoders?: number;
}

export interface Renderer {
  /**
   * A rendition's bytes, from storage or made now and stored. However many ask for the same one
   * at once, it is made once. Null when there is no such original, or the variant asks for a
   * width the original does not have.
   */
  rendition(sha256: string, variant: Variant, format: RenditionFormat): Promise<Buffer | null>;
  /**
   * Makes and stores every format of the given variants (one aspect and focal point, several
   * widths) not stored yet: a background job's work, decoding the original once for them all.
   */
  makeAll(sha256: string, variants: readonly Variant[]): Promise<void>;
  /** How many renderings have run (each format of each variant once): what tests and the bench count. */
  readonly rendered: number;
}

/** The upright size of an original, read from its header. */
async function sizeOf(original: Buffer): Promise<{ width: number; height: number }> {
  const metadata = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const upright = metadata.autoOrient ?? metadata;
  return { width: upright.width ?? 0, height: upright.height ?? 0 };
}

/** Decodes, turns upright, resizes and crops once: the pixels every format of a variant is encoded from. */
async function pixelsOf(
  original: Buffer,
  variant: Variant,
): Promise<{ data: Buffer; info: OutputInfo } | null> {
  const size = await sizeOf(original);
  if (!renditionWidths(size.width, size.height, variant.aspect).includes(variant.width)) return null;
  const plan = cropPlan(size, variant);
  return sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(plan.resize.width, plan.resize.height, { fit: 'fill' })
    .extract(plan.extract)
    .raw()
    .toBuffer({ resolveWithObject: true });
}

function fromPixels(pixels: { data: Buffer; info: OutputInfo }): Sharp {
  const { width, height, channels } = pixels.info;
  return sharp(pixels.data, { raw: { width, height, channels } });
}

export function createRenderer({ store, requests = 2, encoders = 2 }: RendererOptions): Renderer {
  // Visitors never wait behind a job: their renditions have a lane of their own.
  const requestLane = limiter(requests);
  // One job at a time per process, its encodings spread over the cores.
  const jobLane = limiter(1);
  const encoderLane = limiter(encoders);
  // Each image is read once; libvips's cache of recent operations would only hold memory.
  sharp.cache(false);
  const inFlight = new Map<string, Promise<Buffer | null>>();
  let rendered = 0;

  /** The one making of a key: a second caller while it runs waits for the same promise. */
  function once(key: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const running = inFlight.get(key);
    if (running) return running;
    const made = make().finally(() => inFlight.delete(key));
    inFlight.set(key, made);
    return made;
  }

  async function store1(key: string, format: RenditionFormat, bytes: Buffer): Promise<Buffer> {
    await store.put(key, bytes, RENDITION_TYPES[format]);
    rendered += 1;
    return bytes;
  }

  return {
    get rendered() {
      return rendered;
    },
    async rendition(sha256, variant, format) {
      const key = renditionKey(sha256, variant, format);
      const stored = await store.get(key);
      if (stored) return stored;
      return once(key, async () => {
        const original = await store.get(originalKey(sha256));
        if (!original) return null;
        return requestLane(async () => {
          // Made by another process, or by a job, while this one waited its turn.
          const since = await store.get(key);
          if (since) return since;
          const pixels = await pixelsOf(original, variant);
          if (!pixels) return null;
          return store1(key, format, await encode(fromPixels(pixels), format).toBuffer());
        });
      });
    },
    async makeAll(sha256, variants) {
      const todo: { variant: Variant; formats: RenditionFormat[] }[] = [];
      for (const variant of [...variants].sort((a, b) => b.width - a.width)) {
        const formats: RenditionFormat[] = [];
        for (const format of RENDITION_FORMATS) {
          const key = renditionKey(sha256, variant, format);
          if (!inFlight.has(key) && !(await store.exists(key))) formats.push(format);
        }
        if (formats.length) todo.push({ variant, formats });
      }
      const largest = todo[0];
      if (!largest) return;
      const original = await store.get(originalKey(sha256));
      if (!original) return;
      await jobLane(async () => {
        // One decode for every width, at the largest one's scale; each width is resized from it.
        const size = await sizeOf(original);
        const allowed = renditionWidths(size.width, size.height, largest.variant.aspect);
        const scale = cropPlan(size, largest.variant).resize;
        const master = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize(scale.width, scale.height, { fit: 'fill' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const encodings: Promise<unknown>[] = [];
        // Largest first: the longest encodings start first, the short ones fill in beside them.
        for (const { variant, formats } of todo) {
          if (!allowed.includes(variant.width)) continue;
          const plan = cropPlan({ width: master.info.width, height: master.info.height }, variant);
          const image = fromPixels(
            await fromPixels(master)
              .resize(plan.resize.width, plan.resize.height, { fit: 'fill' })
              .extract(plan.extract)
              .raw()
              .toBuffer({ resolveWithObject: true }),
          );
          // Every format is encoded from a clone of the same pixels.
          for (const format of formats) {
            const key = renditionKey(sha256, variant, format);
            encodings.push(
              encoderLane(() =>
                once(key, async () =>
                  (await store.exists(key))
                    ? null
                    : store1(key, format, await encode(image.clone(), format).toBuffer()),
                ),
              ),
            );
          }
        }
        await Promise.all(encodings);
      });
    },
  };
}
