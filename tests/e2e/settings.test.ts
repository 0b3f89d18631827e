import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  descriptionOf,
  expectNoAxeViolations,
  field,
  hasChromium,
  launchBrowser,
  signedInContext,
  successToasts,
  unnamedImages,
} from './browser';

describe.skipIf(!hasChromium)('settings', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await signedInContext(browser);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function openSettings() {
    page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    await expect.poll(() => field(page, 'Site name').isVisible()).toBe(true);
  }

  it('opens from the sidebar with the valuation margin at 100 and its hint', async () => {
    await openSettings();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
    const margin = field(page, 'Valuation margin');
    expect(await margin.inputValue()).toBe('100');
    expect(await descriptionOf(margin)).toContain('for example 10');
    expect(await field(page, 'QuoteeUID').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('shows errors under their fields, keeps what was typed, then saves with a toast', async () => {
    await openSettings();
    await field(page, 'Site name').fill('Northway Motor Group');
    await field(page, 'Facebook').fill('facebook dot com');
    await field(page, 'Valuation margin').fill('ten');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect
      .poll(() => descriptionOf(field(page, 'Facebook')))
      .toContain('Enter a full web address, starting with https://.');
    expect(await descriptionOf(field(page, 'Valuation margin'))).toContain(
      'Enter a percentage, for example 10.',
    );
    expect(await field(page, 'Facebook').inputValue()).toBe('facebook dot com');
    expect(await field(page, 'Site name').inputValue()).toBe('Northway Motor Group');

    await field(page, 'Facebook').fill('https://facebook.com/northway');
    await field(page, 'Valuation margin').fill('12.5');
    await field(page, 'Voucher code').fill('SPRING24');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => successToasts(page).textContent()).toContain('You have updated your settings.');

    await page.reload();
    await expect.poll(() => field(page, 'Site name').inputValue()).toBe('Northway Motor Group');
    expect(await field(page, 'Facebook').inputValue()).toBe('https://facebook.com/northway');
    expect(await field(page, 'Valuation margin').inputValue()).toBe('12.5');
    expect(await field(page, 'Voucher code').inputValue()).toBe('SPRING24');
    await page.close();
  });

  it('exports the vehicles in the background and follows the job until it is e-mailed', async () => {
    await openSettings();
    await page.getByRole('button', { name: 'Export vehicles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export vehicles' });
    // Sent with no address, focus goes to the field whose error shows, as in the other forms.
    await dialog.getByRole('button', { name: 'Export' }).press('Enter');
    await expect.poll(() => descriptionOf(field(dialog, 'E-mail address'))).toContain('e-mail');
    await expect
      .poll(() => field(dialog, 'E-mail address').evaluate((input) => input === document.activeElement))
      .toBe(true);
    await field(dialog, 'E-mail address').fill('not an address');
    await dialog.getByRole('button', { name: 'Export' }).click();
    await expect
      .poll(() => descriptionOf(field(dialog, 'E-mail address')))
      .toContain('Enter a valid e-mail address.');

    // Started from the keyboard: Enter in the field.
    await field(dialog, 'E-mail address').fill('stock@example.com');
    await field(dialog, 'E-mail address').press('Enter');
    await expect
      .poll(() => dialog.textContent())
      .toContain('running in the background and will be e-mailed to stock@example.com when it is ready');
    const said = (await dialog.textContent()) ?? '';
    expect(said.split('You can leave this page.').length - 1).toBe(1);
    expect(said).not.toContain('navigate away');
    await expect
      .poll(() => dialog.textContent(), { timeout: 30_000 })
      .toContain('The export has been e-mailed.');
    // Done: nothing spins any more, and the words say so once, in one live region.
    expect(await dialog.getByRole('progressbar', { name: 'Exporting' }).count()).toBe(0);
    const done = (await dialog.textContent()) ?? '';
    expect(done.split('The export has been e-mailed.').length - 1).toBe(1);
    expect(
      await dialog.getByRole('status').filter({ hasText: 'The export has been e-mailed.' }).count(),
    ).toBe(1);
    const labels = await dialog
      .locator('[aria-valuetext]')
      .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('aria-valuetext')));
    expect(labels).not.toContain('The export has been e-mailed.');
    await expectNoAxeViolations(page);
    // Focus stayed in the dialog when the form gave way to the progress, so Escape closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('says how far a running export has got, as a progress bar with its value', async () => {
    await openSettings();
    // Held at a fixed point of a long export, so what the bar says can be read while it runs.
    await page.route('**/api/exports/*', (route) =>
      route.fulfill({
        json: {
          data: {
            id: 1,
            kind: 'vehicles',
            status: 'running',
            rows_done: 120,
            rows_total: 500,
            mailed: false,
          },
        },
      }),
    );
    await page.getByRole('button', { name: 'Export vehicles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export vehicles' });
    await field(dialog, 'E-mail address').fill('stock@example.com');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Export progress' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('24');
    expect(await bar.getAttribute('aria-valuetext')).toBe('120 of 500 rows');
    // Nothing on the page, live regions included, is a picture without a name while it runs.
    expect(await unnamedImages(page)).toEqual([]);
    await page.close();
  });
});
