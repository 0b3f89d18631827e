import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createUser, uniqueToken } from './api';
import {
  descriptionOf,
  focusReaches,
  hasChromium,
  launchBrowser,
  signedInContext,
  signedInPage,
} from './browser';

/** The sidebar's links, in order. */
const sidebar = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();

/** Picks an option of a select in the View as dialog (the users list behind it has a Role filter too). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page
    .getByRole('dialog', { name: 'View as' })
    .getByRole('button', { name: new RegExp(`(^|\\s)${label}$`) })
    .click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)('the console shows only what the server allows', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('gives a role that may only look no control to change anything, the refusal page and the reasons', async () => {
    // A user made without a role gets 'Read only'.
    const email = `read.only.${uniqueToken()}@example.com`;
    const password = 'Read-Only-Pass-2024';
    await createUser(await apiToken(), { name: 'Rita Reader', email, password });
    context = await signedInContext(browser, email, password);
    const page = await context.newPage();

    await page.goto('/brands');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await sidebar(page)).not.toContain('Users');
    expect(await page.getByRole('link', { name: 'Add brand' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);

    await page.goto('/users');
    await page.getByRole('heading', { name: 'You cannot open this page' }).waitFor();
    await page.getByText('Your role, Read only, cannot view users.').waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).waitFor();

    // Reached by keyboard, the export tells why it is off, as its description and its tooltip.
    await page.goto('/responses');
    const exportButton = page.getByRole('button', { name: 'Export responses' });
    await exportButton.waitFor();
    const reason = 'Your role, Read only, cannot export enquiries.';
    for (
      let tabs = 0;
      tabs < 40 && !(await exportButton.evaluate((b) => b === document.activeElement));
      tabs++
    )
      await page.keyboard.press('Tab');
    expect(await exportButton.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await exportButton.getAttribute('aria-disabled')).toBe('true');
    expect(await descriptionOf(exportButton)).toContain(reason);
    expect(await page.getByRole('tooltip').textContent()).toBe(reason);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
    context = undefined;
  });

  it('lets a group administrator view the console as Sales, read-only, with the server agreeing, and come back', async () => {
    const page = await signedInPage(browser);
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'View as…' }).click();
    const dialog = page.getByRole('dialog', { name: 'View as' });
    await choose(page, 'Role', 'Sales');
    await dialog.getByRole('button', { name: 'View' }).click();

    const banner = page.getByRole('region', { name: 'View as' });
    await banner.getByText('Viewing as Sales — Whole group. Read-only.').waitFor();
    await focusReaches(banner);
    expect(await sidebar(page)).toEqual(['Dashboard', 'Responses', 'Reservations']);

    await page.goto('/users');
    // A reload is back in one's own view: the view lives only as long as the page.
    expect(await page.getByRole('region', { name: 'View as' }).count()).toBe(0);

    // The server honours the view too: a write sent with it is refused with the viewed role's reason.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/brands/create', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('console.token')}`,
          'Content-Type': 'application/json',
          'X-View-As': '5',
        },
        body: JSON.stringify({ name: 'Viewed', slug: 'viewed' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(refused).toEqual({ status: 403, body: { message: 'Your role, Sales, cannot create brands.' } });

    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'View as…' }).click();
    await choose(page, 'Role', 'Sales');
    await page.getByRole('dialog', { name: 'View as' }).getByRole('button', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'You cannot open this page' }).waitFor();
    await page.getByText('Your role, Sales, cannot view users.').waitFor();

    await page.getByRole('button', { name: 'Back to my view' }).click();
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'View as' }).count()).toBe(0);
    expect(await sidebar(page)).toContain('Users');
    await page.waitForFunction(() => document.activeElement?.id === 'content');
    await page.context().close();
  });
});
