import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Debian's Chromium; playwright-core brings no browser of its own. */
export const chromiumPath = '/usr/bin/chromium';

/** Browser suites use `describe.skipIf(!hasChromium)`; `npm test` says loudly when they were skipped. */
export const hasChromium = existsSync(chromiumPath);

const chromiumArgs = [
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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** A page in its own context (fresh storage), pointed at the server that the global setup started. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport: { width: 1280, height: 800 },
  });
  // Well under the test timeout, so a missing element fails with a locator message, not a bare timeout.
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/** Signs in through the login form (as the first admin unless told otherwise) and waits for the dashboard. */
export async function signIn(
  page: Page,
  email: string = inject('adminEmail'),
  password: string = inject('adminPassword'),
): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Fails with one readable line per serious or critical axe violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}
