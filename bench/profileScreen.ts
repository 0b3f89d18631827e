/**
 * `npx tsx bench/profileScreen.ts /users [/dealerships …]`: a CPU profile of a signed-in screen's
 * start, from the navigation until at most two requests are open for half a second (the builder keeps an event stream), on the CPU Lighthouse's
 * mobile settings emulate (four times slower), summed per function (self time) and written whole to
 * bench/results/screen-<name>.cpuprofile to open in DevTools. Signs in as the Lighthouse bench does.
 * Serve a build without minifying to read the names: `npx vite build --minify false --outDir DIR`
 * and BENCH_CONSOLE_DIR=DIR.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { type CpuProfile, printSelfTimes } from './cpuProfile';
import { CHROMIUM, FLAGS, signIn } from './lighthouse';
import { root, seedBenchData } from './server';

/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;

async function main(): Promise<void> {
  const paths = process.argv.slice(2);
  if (paths.length === 0) throw new Error('Name a screen to profile: npx tsx bench/profileScreen.ts /users');
  const data = await seedBenchData({ postgresUrl: null, size: 'normal' });
  const server = await data.start({ console: true });
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    await signIn(browser, server.base);
    for (const path of paths) {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle2' });
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'login';
      await writeFile(join(root, 'bench', 'results', `screen-${name}.cpuprofile`), JSON.stringify(profile));
      printSelfTimes(profile, `${path} (CPU ${CPU_SLOWDOWN}x slower)`);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    await data.drop();
  }
}

await main();
