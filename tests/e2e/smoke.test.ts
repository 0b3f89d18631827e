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

  it('opens the sign-in page titled Sign in · Dealership Console', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.title()).toBe('Sign in · Dealership Console');
  });

  it('shows the sign-in form without serious accessibility problems', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('signs in as the first admin and lands on the dashboard', async () => {
    await signIn(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
