import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  request,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { baseURL } from './server';

/** Where the console keeps the access token (src/api/client.ts). */
const tokenKey = 'console.token';

/** Debian's Chromium; playwright-core brings no browser of its own. */
export const chromiumPath = '/usr/bin/chromium';

/** Browser suites use `describe.skipIf(!hasChromium)`; `npm test` says loudly when they were skipped. */
export const hasChromium = existsSync(chromiumPath);

/** How every browser of the run starts; the global setup starts the shared one with these too. */
export const chromiumArgs = [
  '--headless',
  // CI runs as root, where Chromium refuses to start inside its sandbox.
  '--no-sandbox',
  '--disable-gpu',
  // Keep the browser from calling out to Google while tests run.
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface LaunchOptions {
  /**
   * Scrollbars that take space, as on Windows and on Linux desktops. Headless Chromium hides them
   * unless told otherwise, which hides layouts that only fit without them.
   */
  classicScrollbars?: boolean;
}

/**
 * The browser for a test file: a connection to the one Chromium the global setup started for the
 * whole run (starting a browser per file cost seconds each), or, for classic scrollbars, a browser
 * of the file's own. Each file's contexts are its own either way, and `close()` closes them (and
 * only disconnects from the shared browser).
 */
export function launchBrowser({ classicScrollbars = false }: LaunchOptions = {}): Promise<Browser> {
  if (classicScrollbars) {
    return chromium.launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
      ignoreDefaultArgs: ['--hide-scrollbars'],
    });
  }
  return chromium.connect(inject('browserEndpoint'));
}

/** A context (fresh storage) pointed at the server that the global setup started. */
export async function newContext(
  browser: Browser,
  storageState?: BrowserContextOptions['storageState'],
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1280, height: 800 },
    storageState,
  });
  // Well under the test timeout, so a missing element fails with a locator message, not a bare timeout.
  context.setDefaultTimeout(15_000);
  // An uncaught error in the console explains a test that then waits in vain.
  context.on('weberror', (error) => console.error(`Uncaught in the page: ${error.error().message}`));
  return context;
}

/** A page in its own context (fresh storage), pointed at the server that the global setup started. */
export async function newPage(browser: Browser): Promise<Page> {
  return (await newContext(browser)).newPage();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A form control by its visible label. Required fields add a '*' to the label (hidden from screen
 * readers); Playwright's label text includes it, so it is allowed here.
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
}

/** What a control's aria-describedby points at: its description and its error, as the user reads them. */
export async function descriptionOf(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * Waits until focus is on the control. Focus often moves a frame after the action that moves it
 * (a dialog closing hands it back once it has gone), so a single look can come too early.
 */
export async function focusReaches(control: Locator): Promise<void> {
  await expect
    .poll(() => control.evaluate((element) => element === document.activeElement), {
      message: `focus on ${control}`,
    })
    .toBe(true);
}

/** The error toasts (top centre) and the success toasts (bottom right). */
export function errorToasts(page: Page): Locator {
  return page.getByRole('alert', { name: 'Errors' });
}

export function successToasts(page: Page): Locator {
  return page.getByRole('status', { name: 'Messages' });
}

/** Signs in through the login form (as the first admin unless told otherwise) and waits for the dashboard. */
export async function signIn(
  page: Page,
  email: string = inject('adminEmail'),
  password: string = inject('adminPassword'),
): Promise<void> {
  await page.goto('/');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Marks that a context's access token has been put in, so that it is put in only once. */
const seededKey = 'e2e.token-seeded';

interface Seed {
  origin: string;
  key: string;
  token: string;
  seeded: string;
}

/**
 * Runs in each page before its own scripts (Playwright sends it as source, so it uses only its
 * argument): the access token, on the console's origin, the first time.
 */
function seedToken({ origin, key, token, seeded }: Seed): void {
  if (window.location.origin !== origin || window.localStorage.getItem(seeded) !== null) return;
  window.localStorage.setItem(seeded, '1');
  window.localStorage.setItem(key, token);
}

/**
 * A context already signed in (as the first admin unless told otherwise): its pages open signed in.
 * It signs in through the API, as the login form does (the refresh and device cookies, and the
 * access token where the console keeps it), with a session of its own, so that signing out or a
 * refresh in one context leaves the others signed in. Tests of signing in itself use `signIn`.
 */
export async function signedInContext(
  browser: Browser,
  email: string = inject('adminEmail'),
  password: string = inject('adminPassword'),
): Promise<BrowserContext> {
  const origin = baseURL();
  const api = await request.newContext({ baseURL: origin });
  try {
    const response = await api.post('/api/auth/login', {
      data: { email, password },
      headers: { accept: 'application/json' },
    });
    if (!response.ok())
      throw new Error(`Signing in as ${email} answered ${response.status()}: ${await response.text()}`);
    const { access_token: token } = (await response.json()) as { access_token: string };
    const { cookies } = await api.storageState();
    const context = await newContext(browser, { cookies, origins: [] });
    // The token goes in before the console's first script runs, once per context: what the page does
    // with it afterwards (signing out removes it) stands. Playwright's own `origins` storage state
    // opens and loads a page of its own in every new context to write it, which cost about half a
    // second and as much CPU again per signed-in context (decision 017).
    const seed: Seed = { origin: new URL(origin).origin, key: tokenKey, token, seeded: seededKey };
    await context.addInitScript(seedToken, seed);
    return context;
  } finally {
    await api.dispose();
  }
}

/**
 * A page in a context of its own, signed in (as the first admin unless told otherwise) and showing
 * the dashboard, as after signing in through the form.
 */
export async function signedInPage(
  browser: Browser,
  email: string = inject('adminEmail'),
  password: string = inject('adminPassword'),
): Promise<Page> {
  const page = await (await signedInContext(browser, email, password)).newPage();
  await page.goto('/dashboard');
  return page;
}

/**
 * Signed-in pages for a describe block's tests, all in one context, each test's page starting as a
 * fresh context's would: the console's storage emptied (drafts, the clipboard, remembered choices)
 * but for the access token, and the last test's pages closed. A fresh context and its first load
 * cost about 4 s of CPU, a load in a context already used under 2 (decision 017). The session is
 * shared: tests that sign out, or read the user's sessions, take a context of their own.
 */
export class SharedSignIn {
  #context: Promise<BrowserContext> | undefined;
  constructor(
    private readonly browser: () => Browser,
    private readonly email: string = inject('adminEmail'),
    private readonly password: string = inject('adminPassword'),
  ) {}

  /** A page in the shared context, on no screen yet: the test opens the one it needs. */
  async page(): Promise<Page> {
    if (!this.#context) {
      this.#context = signedInContext(this.browser(), this.email, this.password);
      return (await this.#context).newPage();
    }
    const context = await this.#context;
    await Promise.all(context.pages().map((open) => open.close()));
    const page = await context.newPage();
    // A document of the console's origin that runs none of its script, to empty its storage from.
    await page.goto('/api/health');
    await page.evaluate(
      (keep) => {
        for (const name of Object.keys(window.localStorage)) {
          if (!keep.includes(name)) window.localStorage.removeItem(name);
        }
      },
      [tokenKey, seededKey],
    );
    return page;
  }
}

/**
 * Axe describes every element each rule passed or could not decide too, a selector for each, unless
 * told only the violations are wanted: the checks read nothing else.
 */
const onlyViolations: Parameters<AxeBuilder['options']>[0] = { resultTypes: ['violations'] };

/** Fails with one readable line per serious or critical axe violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    // react-aria's own live region: a pending Button announces itself there by aria-labelledby, and the
    // entry outlives the button for 7 s when the button unmounts (adobe/react-spectrum#10579).
    .exclude('[data-live-announcer]')
    .options(onlyViolations)
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Elements that screen readers take for an image but that have no name (axe `role-img-alt`), on the
 * whole page: live regions too, which the sweeps above leave out.
 */
export async function unnamedImages(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withRules(['role-img-alt'])
    .options(onlyViolations)
    .analyze();
  return violations.flatMap((v) => v.nodes.map((n) => n.html));
}

/** The WCAG 2.2 AA rule sets: target size (2.5.8) is in wcag22aa. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Every WCAG 2.2 A and AA violation on the page as it is now, one readable line each (any impact).
 * The same exclusion as expectNoAxeViolations, for the same reason.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_AA_TAGS)
    .exclude('[data-live-announcer]')
    .options(onlyViolations)
    .analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** What reflow at the window's width finds: a page that scrolls sideways, or a scrolling box that is not a table region. */
export interface ReflowReport {
  /** How wide the document is against the window, when it scrolls sideways; null when it does not. */
  documentOverflow: string | null;
  /** Boxes that scroll sideways but are not a focusable, labelled region around a data table. */
  strayScrollers: string[];
}

export function measureReflow(page: Page): Promise<ReflowReport> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).split(' ')[0] ?? ''}`;
    const strayScrollers = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        if (element.clientWidth === 0) return false;
        const style = getComputedStyle(element);
        return scrolls(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      })
      .filter(
        (element) =>
          !(
            element.getAttribute('role') === 'region' &&
            element.tabIndex === 0 &&
            (element.getAttribute('aria-label') ?? element.getAttribute('aria-labelledby') ?? '') !== '' &&
            element.querySelector('table, [role="grid"], [role="table"], [role="treegrid"]')
          ),
      )
      .map((element) => `${describe(element)} (${element.scrollWidth} in ${element.clientWidth})`);
    return {
      documentOverflow:
        root.scrollWidth > root.clientWidth ? `${root.scrollWidth} px in ${root.clientWidth}` : null,
      strayScrollers,
    };
  });
}

/** An element to time: any match of `selector` (whose text includes `text`, when given). */
export interface TimelineWatch {
  key: string;
  selector: string;
  text?: string;
}

/** When a watched element appeared and went, in ms on the page's own clock (performance.now()). */
export interface TimelineMark {
  shownAt?: number;
  goneAt?: number;
}

type TimelineWindow = Window & { __timeline?: Record<string, TimelineMark> };

/**
 * Notes, inside the page, the moment each watched element appears and disappears. Timing rules
 * (a toast after 500 ms, a loader for 3 s) are then checked against the page's clock, not against
 * how quickly the test happened to look.
 */
export async function watchTimeline(page: Page, watches: TimelineWatch[]): Promise<void> {
  await page.evaluate((list) => {
    const marks: Record<string, TimelineMark> = {};
    (window as TimelineWindow).__timeline = marks;
    const check = () => {
      const now = performance.now();
      for (const watch of list) {
        const present = Array.from(document.querySelectorAll(watch.selector)).some(
          (element) => !watch.text || (element.textContent ?? '').includes(watch.text),
        );
        const mark = marks[watch.key] ?? {};
        marks[watch.key] = mark;
        if (present && mark.shownAt === undefined) mark.shownAt = now;
        if (!present && mark.shownAt !== undefined && mark.goneAt === undefined) mark.goneAt = now;
      }
    };
    new MutationObserver(check).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    check();
  }, watches);
}

export async function readTimeline(page: Page): Promise<Record<string, TimelineMark>> {
  return page.evaluate(() => (window as TimelineWindow).__timeline ?? {});
}

/** Chooses an option of a react-aria select by the select's label ('Role') and the option's name. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`(^|\\s)${escapeRegExp(label)}\\s*\\*?$`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/**
 * After a drag handle is picked up with Space: dnd-kit starts listening for the arrow keys in a task
 * of its own (setTimeout), so an arrow pressed at once can be lost. One task in the page later, it
 * is listening.
 */
export async function keyboardDragReady(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Holds a page's requests back, as a slow connection would, until `release` is called: each held
 * request is then sent on, or answered with the `json` given for it.
 */
export function requestGate(): {
  hold: (page: Page, url: string, json?: unknown) => Promise<void>;
  release: () => void;
} {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (page: Page, url: string, json?: unknown) => {
    await page.route(url, async (route) => {
      await opened;
      if (json === undefined) await route.continue();
      else await route.fulfill({ json });
    });
  };
  return { hold, release };
}

/**
 * A wait started before the action it waits for and awaited after it. Should the test fail in
 * between, the wait's own time-out is not left an unhandled rejection, which vitest counts against
 * the whole run even when the test then passes on its retry. Awaiting it still throws.
 */
export function awaitedLater<T>(wait: Promise<T>): Promise<T> {
  wait.catch(() => undefined);
  return wait;
}

/** Whether an element's text is laid out no wider than the element shows it: nothing cut at its end. */
export function shownWhole(element: Locator): Promise<boolean> {
  return element.evaluate((box) => {
    const range = document.createRange();
    range.selectNodeContents(box);
    return range.getBoundingClientRect().right <= box.getBoundingClientRect().right;
  });
}
