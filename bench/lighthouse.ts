/**
 * Lighthouse (mobile settings, its defaults) on the built console served by the real server: the
 * login page, every signed-in screen of the issue's list (each list, the dashboard, the builder,
 * /activity, /media) and the reference site's homepage, each the median of three runs against the
 * goal of 95. Signing in goes through the Node API (as the e2e helpers do): the access token is put
 * where the console keeps it and the refresh cookies into the browser, and Lighthouse is told to keep
 * storage, so the token survives into each run.
 *
 * The `vehicle` screen is a site page of twelve photographs made through the API for the audit
 * (bench/vehicle.ts), audited as a first visit (Lighthouse resets storage and cache, its default),
 * with its largest contentful paint and layout shift held to their goals too.
 *
 * LIGHTHOUSE_SCREENS=users,builder audits only those screens; LIGHTHOUSE_RUNS=1 one run each (while
 * working on one screen).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { Benchmark, Budget } from './benchmark';
import { ADMIN_EMAIL, ADMIN_PASSWORD, root, seedBenchData } from './server';
import { apiCall, publishVehiclePage, type VehiclePage, vehicleBudgets } from './vehicle';

const RESULTS = join(root, 'bench', 'results');

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
export const FLAGS = [
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
  firstVisit = false,
): Promise<Audit> {
  const page = await browser.newPage();
  try {
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: !firstVisit },
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

/** Where the console keeps its access token (src/api/client.ts). */
const TOKEN_KEY = 'console.token';

/**
 * Signs the browser in through the API from Node, as the login form would: the refresh and device
 * cookies into the browser, the access token where the console keeps it.
 */
export async function signIn(browser: Browser, base: string): Promise<void> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Signing in answered ${res.status}: ${await res.text()}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  const { hostname } = new URL(base);
  const cookies = res.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path, httpOnly: true };
  });
  if (cookies.length > 0) await browser.setCookie(...cookies);
  const page = await browser.newPage();
  try {
    // A page of the console's origin that needs no sign-in, to write its storage.
    await page.goto(`${base}/`);
    await page.evaluate((key, value) => localStorage.setItem(key, value), TOKEN_KEY, token);
  } finally {
    await page.close();
  }
}

/** The goal for every screen (issue: Lighthouse mobile performance 95 or more, median of three). */
const GOAL = 95;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** Each signed-in screen's address; the builder's is a page of the demo data. */
function signedInScreens(builderPageId: number): Record<string, string> {
  return {
    dashboard: '/dashboard',
    users: '/users',
    roles: '/roles',
    brands: '/brands',
    dealerships: '/dealerships',
    pages: '/pages',
    templates: '/templates',
    forms: '/forms',
    responses: '/responses',
    reservations: '/reservations',
    webhooks: '/webhooks',
    workflows: '/workflows',
    media: '/media',
    activity: '/activity',
    builder: `/pages/edit/${builderPageId}`,
  };
}

/** How a screen's budget names it. */
function screenLabel(name: string): string {
  if (name === 'login') return 'login page';
  if (name === 'site') return '/site/ homepage';
  if (name === 'vehicle') return 'vehicle page with 12 photos';
  return `${name} signed in`;
}

/** The run with the median score (its metrics with it), of `RUNS` runs. */
async function medianAudit(
  browser: Browser,
  url: string,
  name: string,
  categories?: string[],
  firstVisit = false,
): Promise<Audit & { scores: number[] }> {
  const runs: Audit[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(browser, url, name, categories, firstVisit));
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor(sorted.length / 2)] as Audit;
  return { ...median, scores: runs.map((r) => r.score) };
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description:
    'Lighthouse performance (mobile, median of three) of the login page, every signed-in list, the dashboard, the builder, /activity, /media, the demo site’s homepage (with its accessibility) and a vehicle page of 12 photos (with its LCP and CLS)',
  async run() {
    const wanted = process.env.LIGHTHOUSE_SCREENS?.split(',').filter(Boolean);
    const pick = (name: string) => !wanted || wanted.includes(name);
    const data = await seedBenchData({ postgresUrl: null, size: 'normal' });
    const server = await data.start({ console: true });
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    try {
      const results: Record<string, Audit & { scores: number[] }> = {};
      if (pick('login')) results.login = await medianAudit(browser, `${server.base}/`, 'login');
      if (pick('site'))
        results.site = await medianAudit(browser, `${server.base}/site/`, 'site', [
          'performance',
          'accessibility',
        ]);
      const token = await server.token();
      let vehicle: VehiclePage | null = null;
      if (pick('vehicle')) {
        vehicle = await publishVehiclePage(server.base, token);
        console.log(
          `  ${vehicle.renditions} renditions in ${(vehicle.renditionsMs / 1000).toFixed(1)} s; load average ${loadavg()[0]?.toFixed(1)}`,
        );
        // Storage is reset on this origin before each run: signed-in screens sign in after it.
        results.vehicle = await medianAudit(
          browser,
          `${server.base}${vehicle.path}`,
          'vehicle',
          undefined,
          true,
        );
      }
      const pages = await apiCall<{ folders: { id: number }[]; files: { id: number }[] }>(
        server.base,
        token,
        'pages',
      );
      const builderPageId = (pages.files[0] ?? pages.folders[0])?.id;
      if (builderPageId === undefined) throw new Error('The demo data has no page to open in the builder');
      const screens = Object.entries(signedInScreens(builderPageId)).filter(([name]) => pick(name));
      if (screens.length > 0) await signIn(browser, server.base);
      for (const [name, path] of screens)
        results[name] = await medianAudit(browser, `${server.base}${path}`, name);

      for (const [name, figures] of Object.entries(results)) {
        const mark = figures.score >= GOAL ? 'OK  ' : 'UNDER';
        console.log(
          `${mark} ${name.padEnd(13)} performance ${figures.score} (runs ${figures.scores.join(', ')}; goal ${GOAL})  ${JSON.stringify(figures.metrics)}`,
        );
        for (const advice of figures.advice) console.log(`       - ${advice}`);
        for (const script of figures.scripts) console.log(`       script ${script}`);
      }
      const load = loadavg()[0] ?? 0;
      console.log(`load average (1 min)  ${load.toFixed(1)}`);
      const budgets: Budget[] = Object.entries(results).map(([name, figures]) => ({
        label: `Lighthouse performance, ${screenLabel(name)} (median of ${figures.scores.length})`,
        actual: figures.score,
        limit: GOAL,
        unit: 'ratio',
        atLeast: true,
      }));
      if (results.site)
        budgets.push({
          label: 'Lighthouse accessibility, /site/ homepage',
          actual: results.site.accessibility ?? 0,
          limit: 100,
          unit: 'ratio',
          atLeast: true,
        });
      if (results.vehicle) budgets.push(...vehicleBudgets(results.vehicle.metrics));
      return { result: { load, goal: GOAL, screens: results, vehicle }, budgets };
    } finally {
      await browser.close();
      await server.stop();
      await data.drop();
    }
  },
};
