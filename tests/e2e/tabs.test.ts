import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, signedInContext } from './browser';

const TOKEN_KEY = 'console.token';

function usersHeading(page: Page) {
  return page.getByRole('heading', { name: 'Users', exact: true, level: 1 });
}

describe.skipIf(!hasChromium)('two tabs of one browser', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('keeps both tabs signed in when their shared access token is refused at the same moment', async () => {
    context = await signedInContext(browser);
    const [first, second] = [await context.newPage(), await context.newPage()];
    await Promise.all([first.goto('/users'), second.goto('/users')]);
    await Promise.all([usersHeading(first).waitFor(), usersHeading(second).waitFor()]);

    // Tabs share one token in local storage; it is refused in both at once, as when it expires.
    await first.evaluate((key) => localStorage.setItem(key, 'expired.or.removed'), TOKEN_KEY);
    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/refresh') refreshes.push(response.status());
    });

    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([usersHeading(first).waitFor(), usersHeading(second).waitFor()]);
    await Promise.all([
      first.getByRole('tab', { name: /^All \(\d+\)$/ }).waitFor(),
      second.getByRole('tab', { name: /^All \(\d+\)$/ }).waitFor(),
    ]);

    // The refresh lock lets one tab refresh while the other waits and takes its token. Tabs run
    // in separate processes, and one may read local storage a moment before the other's write
    // reaches it: it then refreshes too, and the server's grace period answers it with the same
    // successor. Either way no refresh is refused and both tabs are still signed in on /users.
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(refreshes.length).toBeLessThanOrEqual(2);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    expect(new URL(first.url()).pathname).toBe('/users');
    expect(new URL(second.url()).pathname).toBe('/users');
    const stored = await second.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(stored).toBeTruthy();
    expect(stored).not.toBe('expired.or.removed');

    // And the session goes on: a later refusal is refreshed again, not treated as a stolen token.
    const firstWave = refreshes.length;
    await second.evaluate((key) => localStorage.setItem(key, 'refused.again'), TOKEN_KEY);
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([usersHeading(first).waitFor(), usersHeading(second).waitFor()]);
    const later = refreshes.slice(firstWave);
    expect(later.length).toBeGreaterThanOrEqual(1);
    expect(later.length).toBeLessThanOrEqual(2);
    expect(later.every((status) => status === 200)).toBe(true);
    expect(new URL(first.url()).pathname).toBe('/users');
    expect(new URL(second.url()).pathname).toBe('/users');
  });
});
