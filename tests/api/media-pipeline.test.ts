import { createHash } from 'node:crypto';
import { media } from '@server/db/schema/media';
import { originalKey, type RenditionStore } from '@server/domain/media/render';
import { RENDITIONS_QUEUE, renditionJob } from '@server/domain/media/renditionJobs';
import { renditionsOf } from '@server/domain/media/renditions';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Aspect, RENDITION_FORMATS, renditionPath, type Variant } from '@/shared/renditions';
import { createTestServer, type TestServer } from './harness';
import { type FormPart, multipartBody, pngDeclaring } from './uploads';

let server: TestServer;
let store: RenditionStore;

beforeAll(async () => {
  sharp.concurrency(1);
  server = await createTestServer();
  store = server.storage;
});
afterAll(() => server.close());

/** Stores an original as the library does (under its SHA-256) and answers its hash. */
async function stored(bytes: Buffer): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await store.put(originalKey(sha256), bytes, 'image/jpeg');
  return sha256;
}

/** A grey photo with a red square centred at (x, y) in pixels. */
async function markedPhoto(width: number, height: number, x: number, y: number): Promise<Buffer> {
  const square = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .composite([{ input: square, left: x - 20, top: y - 20 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const get = (url: string) => server.app.inject({ method: 'GET', url });
const variant = (aspect: Aspect, width: number, fx = 50, fy = 50): Variant => ({ aspect, fx, fy, width });

/** Whether an image has clearly red pixels anywhere. */
async function showsRed(bytes: Buffer): Promise<boolean> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += info.channels) {
    if ((data[i] ?? 0) > 180 && (data[i + 1] ?? 255) < 90 && (data[i + 2] ?? 255) < 90) return true;
  }
  return false;
}

describe('renditionsOf', () => {
  const item = { sha256: 'a'.repeat(64), mime: 'image/jpeg', focalX: 0.25, focalY: 0.75 };

  it('answers AVIF, WebP and JPEG at every standard width up to the original', () => {
    const all = renditionsOf({ ...item, width: 3000, height: 2000 });
    expect(all).toHaveLength(18);
    expect(new Set(all.map((r) => r.format))).toEqual(new Set(RENDITION_FORMATS));
    expect(all.filter((r) => r.format === 'webp').map((r) => r.width)).toEqual([
      320, 640, 960, 1280, 1920, 2560,
    ]);
    expect(all[0]?.url).toBe(`/media/r/${'a'.repeat(64)}/o-w320.avif`);
    expect(renditionsOf({ ...item, width: 1000, height: 700 }).map((r) => r.width)).toEqual([
      320, 640, 960, 320, 640, 960, 320, 640, 960,
    ]);
    // Smaller than the smallest width: its own width, never enlarged.
    expect(renditionsOf({ ...item, width: 200, height: 100 }).map((r) => r.width)).toEqual([200, 200, 200]);
  });

  it('names the crop and focal point of a cropped rendition, and gives none for SVG', () => {
    const hero = renditionsOf({ ...item, width: 3000, height: 2000 }, '16x9');
    expect(hero[1]?.url).toBe(`/media/r/${'a'.repeat(64)}/16x9-f25-75-w640.avif`);
    expect(renditionsOf({ ...item, mime: 'image/svg+xml', width: 40, height: 20 })).toEqual([]);
  });
});

describe('GET /media/r/…', () => {
  it('serves each format at its width, immutable, made once and then read from storage', async () => {
    const sha256 = await stored(await markedPhoto(1200, 800, 600, 400));
    for (const format of RENDITION_FORMATS) {
      const res = await get(renditionPath(sha256, variant('original', 640), format));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([
        format,
        640,
        427,
      ]);
    }
    const before = server.app.renderer.rendered;
    const again = await get(renditionPath(sha256, variant('original', 640), 'webp'));
    expect(again.statusCode).toBe(200);
    expect(server.app.renderer.rendered).toBe(before);
  });

  it('crops to the aspect around the focal point, keeping it in frame', async () => {
    // The mark sits near the right edge: a centred 4:3 crop leaves it out, a focal one keeps it.
    const sha256 = await stored(await markedPhoto(1200, 800, 1170, 160));
    const focal = await get(renditionPath(sha256, variant('4x3', 640, 97, 20), 'jpeg'));
    expect(focal.statusCode).toBe(200);
    expect(await sharp(focal.rawPayload).metadata()).toMatchObject({ width: 640, height: 480 });
    expect(await showsRed(focal.rawPayload)).toBe(true);
    const centred = await get(renditionPath(sha256, variant('4x3', 640), 'jpeg'));
    expect(await showsRed(centred.rawPayload)).toBe(false);
    const hero = await get(renditionPath(sha256, variant('16x9', 960, 97, 20), 'webp'));
    expect(await sharp(hero.rawPayload).metadata()).toMatchObject({ width: 960, height: 540 });
    expect(await showsRed(hero.rawPayload)).toBe(true);
  });

  it('makes a rendition once however many ask for it at the same time', async () => {
    const sha256 = await stored(await markedPhoto(1000, 700, 500, 350));
    const before = server.app.renderer.rendered;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(renditionPath(sha256, variant('3x2', 960, 40, 60), 'avif'))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
    expect(server.app.renderer.rendered - before).toBe(1);
  });

  it('answers 404 for what it does not make: an unknown original, a width above it, an odd address', async () => {
    const sha256 = await stored(await markedPhoto(700, 500, 350, 250));
    const missing = [
      renditionPath('f'.repeat(64), variant('original', 640), 'webp'),
      renditionPath(sha256, variant('original', 960), 'webp'),
      renditionPath(sha256, variant('original', 500), 'webp'),
      `/media/r/${sha256}/o-w0640.webp`,
      `/media/r/${sha256}/4x3-f101-50-w320.webp`,
      `/media/r/${sha256}/o-w320.png`,
      `/media/r/${sha256}/../o-w320.webp`,
      `/media/r/${sha256.toUpperCase()}/o-w320.webp`,
    ];
    for (const url of missing) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await get(renditionPath(sha256, variant('original', 640), 'webp'))).statusCode).toBe(200);
  });
});

describe('the renditions job', () => {
  it('makes every format at every width once, and a repeated job makes nothing', async () => {
    const bytes = await markedPhoto(1000, 700, 500, 350);
    const sha256 = await stored(bytes);
    const job = renditionJob({
      sha256,
      width: 1000,
      height: 700,
      focalX: null,
      focalY: null,
      mime: 'image/jpeg',
    });
    expect(job?.variants.map((v) => v.width)).toEqual([320, 640, 960]);
    const keys = renditionsOf({
      sha256,
      mime: 'image/jpeg',
      width: 1000,
      height: 700,
      focalX: null,
      focalY: null,
    }).map((r) => r.url.replace(/^\//, ''));
    const before = server.app.renderer.rendered;
    await server.jobs.enqueue(RENDITIONS_QUEUE, job!);
    await vi.waitFor(
      async () => {
        const made = await Promise.all(keys.map((key) => store.exists(key)));
        expect(made.every(Boolean)).toBe(true);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(server.app.renderer.rendered - before).toBe(9);
    const widths = await Promise.all(
      keys.map(async (key) => (await sharp((await store.get(key))!).metadata()).width),
    );
    expect(widths).toEqual([320, 640, 960, 320, 640, 960, 320, 640, 960]);
    await server.app.renderer.makeAll(sha256, job!.variants);
    expect(server.app.renderer.rendered - before).toBe(9);
  });
});

describe('an upload to the library', () => {
  let token: string;
  beforeAll(async () => {
    token = await server.login();
  });

  function upload(parts: FormPart[]) {
    const { payload, headers } = multipartBody(parts);
    return server.call('POST', '/api/media/upload', { token, headers, body: payload });
  }

  const rowsWith = async (sha256: string) =>
    (await server.database.db.select({ id: media.id }).from(media).where(eq(media.sha256, sha256))).length;

  it('answers renditions whose addresses serve the image, made by the job the upload queued', async () => {
    const bytes = await markedPhoto(700, 500, 350, 250);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const res = await upload([{ name: 'files[]', filename: 'car.jpg', contentType: 'image/jpeg', bytes }]);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data[0].item;
    expect(item).toMatchObject({ width: 700, height: 500, mime: 'image/jpeg' });
    const renditions = item.renditions as { format: string; width: number; url: string }[];
    expect(renditions.map((r) => `${r.format} ${r.width}`)).toEqual([
      'avif 320',
      'avif 640',
      'webp 320',
      'webp 640',
      'jpeg 320',
      'jpeg 640',
    ]);
    // The job queued with the item makes every rendition without anyone asking for one.
    await vi.waitFor(
      async () => {
        const made = await Promise.all(renditions.map((r) => store.exists(r.url.replace(/^\//, ''))));
        expect(made.every(Boolean)).toBe(true);
      },
      { timeout: 30_000, interval: 100 },
    );
    for (const rendition of renditions) {
      const served = await get(rendition.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${rendition.format}`);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(rendition.width);
    }
    expect(await rowsWith(sha256)).toBe(1);
  });

  it('serves each original as what it is, so a browser shows it; an SVG sandboxed', async () => {
    const pixel = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#c03' } });
    const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>');
    const files: [string, string, Buffer][] = [
      ['logo.svg', 'image/svg+xml', logo],
      ['photo.avif', 'image/avif', await pixel().avif().toBuffer()],
      ['photo.jpg', 'image/jpeg', await pixel().jpeg().toBuffer()],
      ['photo.png', 'image/png', await pixel().png().toBuffer()],
      ['photo.webp', 'image/webp', await pixel().webp().toBuffer()],
      ['photo.gif', 'image/gif', await pixel().gif().toBuffer()],
      ['brochure.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
    ];
    const res = await upload(files.map(([filename, , bytes]) => ({ name: 'files[]', filename, bytes })));
    expect(res.statusCode, res.body).toBe(200);
    const answers: { error: string | null; item: { url: string } }[] = res.json().data;
    expect(answers.map((answer) => answer.error)).toEqual(files.map(() => null));
    const served = await Promise.all(answers.map((answer) => get(answer.item.url)));
    expect(served.map((answer) => [answer.statusCode, answer.headers['content-type']])).toEqual(
      files.map(([, type]) => [200, type]),
    );
    const [svg] = served;
    expect(svg?.rawPayload.equals(logo)).toBe(true);
    const policy = String(svg?.headers['content-security-policy']).split(/;\s*/);
    expect(policy).toEqual(expect.arrayContaining(["default-src 'none'", 'sandbox']));
    expect(policy.some((directive) => /^script-src|allow-scripts/.test(directive))).toBe(false);
  });

  it('refuses a decompression bomb and an SVG with script with 422 and stores nothing', async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bombRes = await upload([
      { name: 'files[]', filename: 'bomb.png', contentType: 'image/png', bytes: bomb },
    ]);
    expect(bombRes.statusCode).toBe(422);
    expect(bombRes.json().errors).toEqual({
      'files.0': ['The image is too large: at most 100 megapixels and 30,000 pixels a side.'],
    });
    const svgRes = await upload([
      { name: 'files[]', filename: 'logo.svg', contentType: 'image/svg+xml', bytes: svg },
    ]);
    expect(svgRes.statusCode).toBe(422);
    expect(svgRes.json().errors).toEqual({
      'files.0': ['The SVG is refused: it contains a script. Export it again without it.'],
    });
    for (const bytes of [bomb, svg]) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      expect(await rowsWith(sha256)).toBe(0);
      expect(await store.exists(`media/${sha256}`)).toBe(false);
    }
    // Replacing an item's file with either is refused the same way, and the item keeps its file.
    const good = await upload([
      { name: 'files[]', filename: 'ok.jpg', bytes: await markedPhoto(100, 80, 50, 40) },
    ]);
    const item = good.json().data[0].item;
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'logo.svg', bytes: svg }]);
    const replaced = await server.call('POST', `/api/media/replace/${item.id}`, {
      token,
      headers,
      body: payload,
    });
    expect(replaced.statusCode).toBe(422);
    expect(replaced.json().errors.file).toEqual([
      'The SVG is refused: it contains a script. Export it again without it.',
    ]);
    expect((await get(item.url)).statusCode).toBe(200);
  });
});
