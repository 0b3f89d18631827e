import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hasChromium, launchBrowser, newPage, signIn } from './browser';

describe.skipIf(!hasChromium)('the console in a browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    page = await newPage(browser);
    return () => page.context().close();
  });

  it('opens with the title Dealership Console', async () => {
    await page.goto('/');
    expect(await page.title()).toBe('Dealership Console');
  });

  it('shows the sign-in form without serious accessibility problems', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('shows Whoops, 404! with a Go Home button on an unknown path, and the button goes home', async () => {
    await page.goto('/no-such-page');
    await page.getByText('Whoops, 404!', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Go Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });

  it('signs in as the first admin and lands on the dashboard', async () => {
    await signIn(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
