import { availableParallelism } from 'node:os';
import type { OutputInfo, Sharp } from 'sharp';
import sharp from 'sharp';
import {
  cropPlan,
  FIRST_FORMAT,
  FIRST_WIDTH,
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
 * Encoder settings. AVIF with 4:2:0 chroma (as JPEG and WebP have), at effort 1 above the phone's
 * width: on a noisy 24-megapixel photo that took a third of the CPU time of effort 2 with full
 * chroma for about the same bytes and fidelity. The small widths, cheap at any effort, keep
 * effort 2, which keeps them under half of JPEG's bytes where the container's overhead counts.
 */
function encode(image: Sharp, format: RenditionFormat, width: number): Sharp {
  if (format === 'avif') {
    return image.avif({ quality: 45, effort: width <= FIRST_WIDTH ? 2 : 1, chromaSubsampling: '4:2:0' });
  }
  if (format === 'webp') return image.webp({ quality: 75, effort: 4 });
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true });
}

/**
 * The order a job makes an image's renditions in: the width a phone asks for first (WebP, then
 * the other formats), so a page opened just after an upload finds it made or being made; then
 * the largest first, so the longest encodings start early and the short ones fill in beside them.
 */
export function jobOrder<T extends { variant: Variant }>(todo: readonly T[]): T[] {
  const first = todo.filter(({ variant }) => variant.width === FIRST_WIDTH);
  const rest = todo.filter(({ variant }) => variant.width !== FIRST_WIDTH);
  return [...first, ...rest.sort((a, b) => b.variant.width - a.variant.width)];
}

/** The formats in the order a job encodes them: the phone's first (WebP) leads. */
const JOB_FORMATS: readonly RenditionFormat[] = [
  FIRST_FORMAT,
  ...RENDITION_FORMATS.filter((format) => format !== FIRST_FORMAT),
];

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
  /** Visitors' renditions made at once in this process (default: one per core); more wait their turn. */
  requests?: number;
  /** Encodings a background job runs side by side (default: one per core). */
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

const CORES = Math.max(1, availableParallelism());

export function createRenderer({ store, requests = CORES, encoders = CORES }: RendererOptions): Renderer {
  // Visitors never wait behind a job: their renditions have a lane of their own, and a job starts
  // no encoding while one is being made.
  const requestLane = limiter(requests);
  // One job at a time per process, its encodings spread over the cores.
  const jobLane = limiter(1);
  const encoderLane = limiter(encoders);
  // Each image is read once; libvips's cache of recent operations would only hold memory.
  sharp.cache(false);
  // One thread per image: the lanes above spread the work over the cores, so libvips's own
  // threads per image would only crowd them (and hold more memory at once).
  sharp.concurrency(1);
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

  /** One rendition made on its own: decoded straight to its size (the decoder shrinks on load). */
  async function makeOne(original: Buffer, sha256: string, variant: Variant, format: RenditionFormat) {
    const pixels = await pixelsOf(original, variant);
    if (!pixels) return null;
    const bytes = await encode(fromPixels(pixels), format, variant.width).toBuffer();
    return store1(renditionKey(sha256, variant, format), format, bytes);
  }

  // While a visitor's rendition is being made, a job starts no new encoding: it goes on after.
  let visiting = 0;
  let afterVisitors: (() => void)[] = [];
  const visitorsGone = () =>
    visiting === 0 ? Promise.resolve() : new Promise<void>((resolve) => afterVisitors.push(resolve));
  async function visit<T>(work: () => Promise<T>): Promise<T> {
    visiting += 1;
    try {
      return await work();
    } finally {
      visiting -= 1;
      if (visiting === 0) {
        const waiting = afterVisitors;
        afterVisitors = [];
        for (const resolve of waiting) resolve();
      }
    }
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
        return requestLane(() =>
          visit(async () => {
            // Made by another process, or by a job, while this one waited its turn.
            const since = await store.get(key);
            if (since) return since;
            return makeOne(original, sha256, variant, format);
          }),
        );
      });
    },
    async makeAll(sha256, variants) {
      const todo: { variant: Variant; formats: RenditionFormat[] }[] = [];
      for (const variant of variants) {
        const formats: RenditionFormat[] = [];
        for (const format of JOB_FORMATS) {
          const key = renditionKey(sha256, variant, format);
          if (!inFlight.has(key) && !(await store.exists(key))) formats.push(format);
        }
        if (formats.length) todo.push({ variant, formats });
      }
      if (todo.length === 0) return;
      const largest = todo.reduce((a, b) => (b.variant.width > a.variant.width ? b : a));
      const original = await store.get(originalKey(sha256));
      if (!original) return;
      await jobLane(async () => {
        // The phone's first rendition before anything else, on its own (a fraction of the decode
        // of them all): a page opened just after the upload finds it made, or waits for this one.
        const phone = todo.find(
          ({ variant, formats }) => variant.width === FIRST_WIDTH && formats.includes(FIRST_FORMAT),
        );
        if (phone) {
          const key = renditionKey(sha256, phone.variant, FIRST_FORMAT);
          await once(key, async () =>
            (await store.exists(key)) ? null : makeOne(original, sha256, phone.variant, FIRST_FORMAT),
          );
        }
        // One decode for every other width, at the largest one's scale; each is resized from it.
        const size = await sizeOf(original);
        const allowed = renditionWidths(size.width, size.height, largest.variant.aspect);
        const scale = cropPlan(size, largest.variant).resize;
        const master = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize(scale.width, scale.height, { fit: 'fill' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const encodings: Promise<unknown>[] = [];
        for (const { variant, formats } of jobOrder(todo)) {
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
              encoderLane(async () => {
                await visitorsGone();
                return once(key, async () =>
                  (await store.exists(key))
                    ? null
                    : store1(key, format, await encode(image.clone(), format, variant.width).toBuffer()),
                );
              }),
            );
          }
        }
        await Promise.all(encodings);
      });
    },
  };
}
