/**
 * `npx tsx bench/profileBuilder.ts [blocks] [open|closed]`: a CPU profile (Chrome DevTools Protocol) of
 * typing in a block field of a long page, the builder's preview open or closed, summed per function
 * (self time) and written whole to bench/results/builder-keystroke.cpuprofile to open in DevTools.
 * Serve a build without minifying to read the names: `npx vite build --minify false --outDir DIR`
 * and BENCH_CONSOLE_DIR=DIR.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CpuProfile, printSelfTimes } from './cpuProfile';
import { typingOnLongPage } from './longPage';
import { root } from './server';

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 1000);
  const open = (process.argv[3] ?? 'open') === 'open';
  const { page, context, close } = await typingOnLongPage(count, open);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    for (const key of 'Spring offers on nearly new hatchbacks'.replaceAll(' ', ''))
      await page.keyboard.press(key);
    await page.waitForTimeout(500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await writeFile(join(root, 'bench', 'results', 'builder-keystroke.cpuprofile'), JSON.stringify(profile));
    printSelfTimes(profile, `${count} blocks, preview ${open ? 'open' : 'closed'}`);
  } finally {
    await close();
  }
}

await main();
