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
    // A Read only role may not open the users list: Profile returns them to the dashboard.
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The new password signs in; this browser is still signed in.
    await expect(apiToken(email, 'Own-Account-Pass-2')).resolves.toEqual(expect.any(String));
  });

  it('does not ask for it on another user’s form', async () => {
    const other = await createUser(await apiToken(), {
      name: 'Someone Else',
      email: `someone.else.${uniqueToken()}@example.com`,
    });
    // Another user's form is for those who may change users: the first admin.
    const admin = await signedInContext(browser);
    const adminPage = await admin.newPage();
    await adminPage.goto(`/users/edit/${other}`);
    await field(adminPage, 'Name').waitFor();
    await field(adminPage, 'Password').fill('Set-For-Someone-1');
    await field(adminPage, 'Email').fill(`moved.${uniqueToken()}@example.com`);
    expect(await field(adminPage, 'Current password').count()).toBe(0);
    await admin.close();
  });

  it('is refused to a role without users on someone else’s account, with the reason', async () => {
    const other = await createUser(await apiToken(), {
      name: 'Not Mine',
      email: `not.mine.${uniqueToken()}@example.com`,
    });
    await page.goto(`/users/edit/${other}`);
    await page.getByRole('heading', { name: 'You cannot open this page' }).waitFor();
    await page.getByText('Your role, Read only, cannot view users.').waitFor();
  });
});
