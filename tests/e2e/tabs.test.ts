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

    // One refresh served the whole browser, and both tabs are still signed in on /users.
    expect(refreshes).toEqual([200]);
    expect(new URL(first.url()).pathname).toBe('/users');
    expect(new URL(second.url()).pathname).toBe('/users');
    const stored = await second.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(stored).toBeTruthy();
    expect(stored).not.toBe('expired.or.removed');

    // And the session goes on: a later refusal is refreshed again, not treated as a stolen token.
    await second.evaluate((key) => localStorage.setItem(key, 'refused.again'), TOKEN_KEY);
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([usersHeading(first).waitFor(), usersHeading(second).waitFor()]);
    expect(refreshes).toEqual([200, 200]);
  });
});
