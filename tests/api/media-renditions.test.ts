import { createRenderer, originalKey, type RenditionStore } from '@server/domain/media/render';
import { renditionJob } from '@server/domain/media/renditionJobs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RENDITION_FORMATS, renditionKey, renditionPath } from '@/shared/renditions';
import { syntheticPhoto } from '../../bench/photos';

/** A store in memory that notes the order renditions are stored in. */
function memoryStore(): RenditionStore & { order: string[]; files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const order: string[] = [];
  return {
    files,
    order,
    get: async (key) => files.get(key) ?? null,
    exists: async (key) => files.has(key),
    put: async (key, bytes) => {
      files.set(key, bytes);
      if (key.startsWith('media/r/')) order.push(key);
    },
  };
}

const SHA = 'c'.repeat(64);

async function withPhoto(width: number, height: number) {
  const store = memoryStore();
  const photo = await syntheticPhoto(width, height, 7);
  await store.put(originalKey(SHA), photo, 'image/jpeg');
  const job = renditionJob({ sha256: SHA, width, height, focalX: 0.3, focalY: 0.6, mime: 'image/jpeg' });
  if (!job) throw new Error('no job');
  return { store, job, renderer: createRenderer({ store }) };
}

describe('the renditions job', () => {
  it('makes the phone’s first rendition (640 px WebP) first, then every format at every width once', async () => {
    const { store, job, renderer } = await withPhoto(2000, 1333);
    await renderer.makeAll(SHA, job.variants);
    const first = job.variants.find((v) => v.width === 640);
    expect(store.order[0]).toBe(renditionKey(SHA, first!, 'webp'));
    const expected = job.variants.flatMap((v) => RENDITION_FORMATS.map((f) => renditionKey(SHA, v, f)));
    expect([...store.order].sort()).toEqual([...expected].sort());
    for (const variant of job.variants) {
      const meta = await sharp(store.files.get(renditionKey(SHA, variant, 'avif'))).metadata();
      expect([meta.width, meta.height]).toEqual([variant.width, Math.round((variant.width * 1333) / 2000)]);
    }
  });

  it('shares the phone’s rendition with a visitor asking for it meanwhile, making it once', async () => {
    const { store, job, renderer } = await withPhoto(1400, 933);
    const first = job.variants.find((v) => v.width === 640)!;
    const [, asked] = await Promise.all([
      renderer.makeAll(SHA, job.variants),
      renderer.rendition(SHA, first, 'webp'),
    ]);
    expect(asked).toEqual(store.files.get(renditionKey(SHA, first, 'webp')));
    expect(renderer.rendered).toBe(job.variants.length * RENDITION_FORMATS.length);
    expect(renditionPath(SHA, first, 'webp')).toBe(`/media/r/${SHA}/o-w640.webp`);
  });

  it('keeps AVIF at most half the bytes of JPEG at every width of a photograph', async () => {
    const { store, job, renderer } = await withPhoto(2000, 1333);
    await renderer.makeAll(SHA, job.variants);
    for (const variant of job.variants) {
      const avif = store.files.get(renditionKey(SHA, variant, 'avif'))?.length ?? Infinity;
      const jpeg = store.files.get(renditionKey(SHA, variant, 'jpeg'))?.length ?? 0;
      expect(avif / jpeg, `at ${variant.width} px`).toBeLessThanOrEqual(0.5);
    }
  });
});
