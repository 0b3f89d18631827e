/**
 * The image pipeline's budgets: a 24-megapixel JPEG stored as an upload stores it, its renditions
 * job started at once, and meanwhile the rendition a phone asks for first (640 px WebP) fetched
 * through GET /media/r/…; every rendition (three formats, six widths) made by that job, with the
 * time, the CPU time and how much the process's memory grew; AVIF's bytes against JPEG's at each width; and the images of a
 * vehicle page of 12 photographs as a phone fetches them, against the originals.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { probeImage } from '../server/domain/media/probe';
import { createRenderer, originalKey } from '../server/domain/media/render';
import { renditionJob } from '../server/domain/media/renditionJobs';
import { createLocalBlobStore } from '../server/domain/storage';
import { renditionFiles, renditions } from '../server/plugins/renditions';
import { type Aspect, RENDITION_EXTENSIONS, renditionPath, variantOf } from '../src/shared/renditions';
import type { Benchmark, Budget } from './benchmark';
import { syntheticPhoto } from './photos';

const MB = 1024 * 1024;

export const imagesBenchmark: Benchmark = {
  name: 'images',
  description: '24 MP upload to 640 px WebP, all renditions (time, memory), AVIF vs JPEG, a 12-photo page',
  async run() {
    const root = mkdtempSync(join(tmpdir(), 'bench-images-'));
    const store = createLocalBlobStore(root);
    const renderer = createRenderer({ store });
    const app = Fastify();
    app.decorate('storage', { root } as never);
    await app.register(fp(async () => {}, { name: 'services' }));
    await app.register(renditions, { renderer });
    await app.register(renditionFiles);
    try {
      console.log('Drawing a 24-megapixel photograph...');
      const photo = await syntheticPhoto(6000, 4000, 24);
      console.log(`  ${(photo.length / MB).toFixed(1)} MB`);

      // Upload: checked, hashed and stored as the library does; its renditions job starts at once (as
      // a worker that is free takes it), and the phone asks for its first rendition meanwhile.
      console.log(
        `  load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
      );
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 25);
      const cpuBefore = process.cpuUsage();
      const uploadStart = performance.now();
      const probed = await probeImage(photo, { name: 'photo.jpg', mime: 'image/jpeg' });
      if (!probed.ok) throw new Error(probed.message);
      const sha256 = createHash('sha256').update(photo).digest('hex');
      await store.put(originalKey(sha256), photo, probed.mime);
      const job = renditionJob({
        sha256,
        width: probed.width,
        height: probed.height,
        focalX: 0.5,
        focalY: 0.5,
        mime: probed.mime,
      });
      if (!job) throw new Error('no job');
      const jobStart = performance.now();
      const making = renderer.makeAll(sha256, job.variants);
      const first = await app.inject({
        url: renditionPath(sha256, variantOf({ focal_x: 0.5, focal_y: 0.5 }, 'original', 640), 'webp'),
      });
      if (first.statusCode !== 200) throw new Error(`640 WebP: ${first.statusCode}`);
      const firstMs = performance.now() - uploadStart;
      console.log(`  upload to 640 px WebP (its job running meanwhile): ${firstMs.toFixed(0)} ms`);

      // Every rendition (three formats, six widths), as the job makes them.
      await making;
      const allMs = performance.now() - jobStart;
      const cpu = process.cpuUsage(cpuBefore);
      clearInterval(sampler);
      const growthMb = (rssPeak - rssBefore) / MB;
      const cpuMs = (cpu.user + cpu.system) / 1000;
      console.log(
        `  all 18 renditions: ${allMs.toFixed(0)} ms (CPU ${cpuMs.toFixed(0)} ms with the upload's), RSS +${growthMb.toFixed(0)} MB`,
      );
      console.log(
        `  load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
      );

      const bytes = async (key: string) => (await store.get(key))?.length ?? 0;
      const widths: Record<string, Record<string, number>> = {};
      let worstRatio = 0;
      for (const variant of job.variants) {
        const sizes: Record<string, number> = {};
        for (const format of ['avif', 'webp', 'jpeg'] as const) {
          sizes[format] = await bytes(renditionPath(sha256, variant, format).slice(1));
        }
        widths[variant.width] = sizes;
        worstRatio = Math.max(worstRatio, (sizes.avif ?? 0) / (sizes.jpeg || 1));
      }
      console.log(`  AVIF / JPEG bytes, worst width: ${worstRatio.toFixed(2)}`);

      // A vehicle page: a hero and 11 gallery photos, as a phone (412 px at 1.75x) fetches them in AVIF.
      console.log('Drawing 12 photographs of 3000 x 2000...');
      let originals = 0;
      let served = 0;
      for (let index = 0; index < 12; index++) {
        const bytesOf = await syntheticPhoto(3000, 2000, 100 + index);
        originals += bytesOf.length;
        const sha = createHash('sha256').update(bytesOf).digest('hex');
        await store.put(originalKey(sha), bytesOf, 'image/jpeg');
        const source = { sha256: sha, width: 3000, height: 2000, focal_x: 0.5, focal_y: 0.5 };
        const [aspect, width]: [Aspect, number] = index === 0 ? ['16x9', 960] : ['3x2', 640];
        const res = await app.inject({ url: renditionPath(sha, variantOf(source, aspect, width), 'avif') });
        if (res.statusCode !== 200) throw new Error(`photo ${index}: ${res.statusCode}`);
        served += res.rawPayload.length;
      }
      const pageRatio = served / originals;
      console.log(
        `  page images ${(served / 1000).toFixed(0)} kB of ${(originals / 1000).toFixed(0)} kB originals`,
      );

      const budgets: Budget[] = [
        { label: '24 MP upload to 640 px WebP served', actual: firstMs, limit: 1500, unit: 'ms' },
        {
          label: 'All renditions of a 24 MP photo (3 formats x 6 widths)',
          actual: allMs,
          limit: 20_000,
          unit: 'ms',
        },
        { label: 'Memory growth while making them', actual: growthMb, limit: 300, unit: 'MB' },
        {
          label: 'AVIF bytes / JPEG bytes at the same width (worst)',
          actual: worstRatio,
          limit: 0.5,
          unit: 'ratio',
        },
        {
          label: 'Vehicle page images / originals (12 photos)',
          actual: pageRatio,
          limit: 1 / 3,
          unit: 'ratio',
        },
      ];
      return {
        result: {
          photoBytes: photo.length,
          uploadTo640WebpMs: firstMs,
          allRenditionsMs: allMs,
          allRenditionsCpuMs: cpuMs,
          rssGrowthMb: growthMb,
          loadAverage: loadavg(),
          bytesByWidth: widths,
          extensions: RENDITION_EXTENSIONS,
          vehiclePage: { originals, served, ratio: pageRatio },
        },
        budgets,
      };
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  },
};
