import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createUser, uniqueToken } from './api';
import { descriptionOf, field, hasChromium, launchBrowser, signedInContext, successToasts } from './browser';

const MISSING = 'Enter your current password to change your e-mail or password.';
const WRONG = 'That is not your current password.';

describe.skipIf(!hasChromium)('editing your own account', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let id: number;
  const email = `own.account.${uniqueToken()}@example.com`;
  const password = 'Own-Account-Pass-1';

  beforeAll(async () => {
    browser = await launchBrowser();
    id = await createUser(await apiToken(), { name: 'Own Account', email, password });
    context = await signedInContext(browser, email, password);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('asks for the current password only once the e-mail or password changes, and keeps what was typed', async () => {
    await page.goto(`/users/edit/${id}`);
    await field(page, 'Name').waitFor();
    expect(await field(page, 'Current password').count()).toBe(0);

    await field(page, 'Password').fill('Own-Account-Pass-2');
    await field(page, 'Current password').waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(MISSING).waitFor();
    expect(await descriptionOf(field(page, 'Current password'))).toContain(MISSING);

    await field(page, 'Current password').fill('not the password');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(WRONG).waitFor();
    // The new password is still there after the refusal.
    expect(await field(page, 'Password').inputValue()).toBe('Own-Account-Pass-2');

    await field(page, 'Current password').fill(password);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('You have updated a user.', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/users');

    // The new password signs in; this browser is still signed in.
    await expect(apiToken(email, 'Own-Account-Pass-2')).resolves.toEqual(expect.any(String));
  });

  it('does not ask for it on another user’s form', async () => {
    const other = await createUser(await apiToken(), {
      name: 'Someone Else',
      email: `someone.else.${uniqueToken()}@example.com`,
    });
    await page.goto(`/users/edit/${other}`);
    await field(page, 'Name').waitFor();
    await field(page, 'Password').fill('Set-For-Someone-1');
    await field(page, 'Email').fill(`moved.${uniqueToken()}@example.com`);
    expect(await field(page, 'Current password').count()).toBe(0);
  });
});
