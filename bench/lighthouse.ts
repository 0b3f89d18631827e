/**
 * Lighthouse (mobile settings, its defaults) on the built console served by the real server:
 * the login page, and /users signed in. Signing in happens in the same browser first, and
 * Lighthouse is told to keep storage, so the token in local storage survives into the run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { Benchmark } from './benchmark';
import { ADMIN_EMAIL, ADMIN_PASSWORD, root, seedBenchData } from './server';

const RESULTS = join(root, 'bench', 'results');

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

interface Audit {
  score: number;
  /** The accessibility score, when the audit asked for it. */
  accessibility: number | null;
  metrics: Record<string, number | undefined>;
  /** The audits Lighthouse marks as failing, with what it says they cost: where to look next. */
  advice: string[];
  /** Where the main thread spent its time running scripts, longest first. */
  scripts: string[];
}

/** The whole report goes to bench/results/lighthouse-<name>.report.json, to open in Lighthouse's viewer. */
async function audit(
  browser: Browser,
  url: string,
  name: string,
  categories: string[] = ['performance'],
): Promise<Audit> {
  const page = await browser.newPage();
  try {
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: true },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    await mkdir(RESULTS, { recursive: true });
    await writeFile(join(RESULTS, `lighthouse-${name}.report.json`), JSON.stringify(lhr));
    const value = (id: string) => lhr.audits[id]?.numericValue;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: lhr.categories.accessibility
        ? Math.round((lhr.categories.accessibility.score ?? 0) * 100)
        : null,
      metrics: {
        firstContentfulPaintMs: value('first-contentful-paint'),
        largestContentfulPaintMs: value('largest-contentful-paint'),
        totalBlockingTimeMs: value('total-blocking-time'),
        cumulativeLayoutShift: value('cumulative-layout-shift'),
        speedIndexMs: value('speed-index'),
        transferBytes: value('total-byte-weight'),
      },
      scripts: (
        (lhr.audits['bootup-time']?.details as { items?: { url: string; scripting: number }[] })?.items ?? []
      )
        .slice(0, 6)
        .map((item) => `${item.url.replace(/^https?:\/\/[^/]+/, '')}: ${Math.round(item.scripting)} ms`),
      advice: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`),
    };
  } finally {
    await page.close();
  }
}

async function signIn(browser: Browser, base: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/`);
    await page.waitForSelector('input[name="email"]');
    await page.type('input[name="email"]', ADMIN_EMAIL);
    await page.type('input[name="password"]', ADMIN_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForFunction(() => location.pathname === '/dashboard', { timeout: 30_000 });
  } finally {
    await page.close();
  }
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description:
    'Lighthouse performance (mobile) of the login page, the signed-in /users page and the demo site’s homepage (ten blocks and more), with its accessibility',
  async run() {
    const data = await seedBenchData({ postgresUrl: null, size: 'normal' });
    const server = await data.start({ console: true });
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    try {
      const login = await audit(browser, `${server.base}/`, 'login');
      const site = await audit(browser, `${server.base}/site/`, 'site', ['performance', 'accessibility']);
      await signIn(browser, server.base);
      const users = await audit(browser, `${server.base}/users`, 'users');
      for (const [name, figures] of Object.entries({ login, users, site })) {
        console.log(`${name.padEnd(6)} performance ${figures.score}  ${JSON.stringify(figures.metrics)}`);
        for (const advice of figures.advice) console.log(`       - ${advice}`);
        for (const script of figures.scripts) console.log(`       script ${script}`);
      }
      return {
        result: { login, users, site },
        budgets: [
          {
            label: 'Lighthouse performance, login page',
            actual: login.score,
            limit: 95,
            unit: 'ratio',
            atLeast: true,
          },
          {
            label: 'Lighthouse performance, /users signed in',
            actual: users.score,
            limit: 90,
            unit: 'ratio',
            atLeast: true,
          },
          {
            label: 'Lighthouse performance, /site/ homepage',
            actual: site.score,
            limit: 95,
            unit: 'ratio',
            atLeast: true,
          },
          {
            label: 'Lighthouse accessibility, /site/ homepage',
            actual: site.accessibility ?? 0,
            limit: 100,
            unit: 'ratio',
            atLeast: true,
          },
        ],
      };
    } finally {
      await browser.close();
      await server.stop();
      await data.drop();
    }
  },
};
