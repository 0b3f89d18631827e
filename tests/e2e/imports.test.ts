import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HEADERS, workbook } from '../api/workbooks';
import {
  descriptionOf,
  expectNoAxeViolations,
  field,
  hasChromium,
  launchBrowser,
  signedInContext,
  successToasts,
} from './browser';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.skipIf(!hasChromium)('imports', () => {
  let browser: Browser;
  let context: BrowserContext;
  const tag = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await signedInContext(browser);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const fileGroup = (page: Page): Locator => page.getByRole('group', { name: /^Spreadsheet/ });

  async function attach(page: Page, name: string, buffer: Buffer, mimeType = XLSX): Promise<void> {
    await fileGroup(page).locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
    await fileGroup(page).getByText(name, { exact: true }).waitFor();
  }

  async function chooseProvider(page: Page, label: string): Promise<void> {
    await page.getByRole('button', { name: /Provider$/ }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }

  it('imports pages from /pages/import: field errors first, then the server message and the pages list', async () => {
    const page = await context.newPage();
    await page.goto('/pages');
    await page.getByRole('link', { name: 'Import pages' }).click();
    await page.waitForURL(/\/pages\/import$/);
    await page.getByText('Import pages from excel via providers', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pages');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => descriptionOf(field(page, 'Confirmation e-mail')))
      .toContain('Enter an e-mail address.');
    expect(await fileGroup(page).textContent()).toContain('Choose a file to import.');
    expect(await page.getByText('Choose a provider.').isVisible()).toBe(true);

    await field(page, 'Confirmation e-mail').fill(`editor-${tag}@example.com`);
    await chooseProvider(page, 'General pages');
    await page.getByRole('heading', { name: 'Columns of the general pages sheet' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Download a sample general pages workbook' }).getAttribute('href'),
    ).toBe('/api/builder/imports/samples/pages.xlsx');
    // A text file dressed up as a workbook: the server looks inside and refuses it under the field.
    await attach(page, 'disguised.xlsx', Buffer.from('Name,Brand\nA,kia\n'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => fileGroup(page).textContent())
      .toContain('The file must be an Excel workbook (.xlsx).');
    expect(await field(page, 'Confirmation e-mail').inputValue()).toBe(`editor-${tag}@example.com`);
    await expectNoAxeViolations(page);

    await fileGroup(page).getByRole('button', { name: 'Remove disguised.xlsx' }).click();
    const names = [`Imported ${tag} one`, `Imported ${tag} two`];
    await attach(
      page,
      'pages.xlsx',
      await workbook(
        PAGE_HEADERS,
        names.map((name) => [name, 'kia', null, null, `About ${name}`]),
      ),
    );
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await successToasts(page)
      .getByText(
        `Your import has started: the pages are created in the background and the result is e-mailed to editor-${tag}@example.com.`,
      )
      .waitFor();
    await page.waitForURL(/\/pages$/);
    const imports = page.getByRole('region', { name: 'Imports' });
    await expect
      .poll(() => imports.textContent(), { timeout: 30_000 })
      .toContain('Imported: 2 pages created.');
    await page.getByRole('link', { name: names[0], exact: true }).waitFor();
    await page.getByRole('link', { name: names[1], exact: true }).waitFor();
    await page.close();
  });

  it('shows a rejected import as a failure, and puts a finished import away for good', async () => {
    const page = await context.newPage();
    await page.goto('/pages/import');
    await field(page, 'Confirmation e-mail').fill(`editor-${tag}@example.com`);
    await chooseProvider(page, 'General pages');
    const file = `rejected-${tag}.xlsx`;
    await attach(
      page,
      file,
      await workbook(PAGE_HEADERS, [[`Rejected ${tag}`, 'no-such-brand', null, null, 'About it']]),
    );
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/pages$/);
    const panel = page
      .getByRole('region', { name: 'Imports' })
      .getByRole('listitem')
      .filter({ hasText: file });
    await expect
      .poll(() => panel.first().textContent(), { timeout: 30_000 })
      .toContain('Nothing was imported');
    expect(await panel.first().getByRole('progressbar').first().getAttribute('data-tone')).toBe('failed');

    await panel
      .first()
      .getByRole('button', { name: `Dismiss the import of ${file}` })
      .click();
    await panel.first().waitFor({ state: 'detached' });
    // Focus does not fall to the page's body with the panel that held it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

    await page.reload();
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    // The earlier import of this file's run is still listed, so the list of imports has loaded.
    await page.getByRole('region', { name: 'Imports' }).waitFor();
    expect(await page.getByText(file).count()).toBe(0);
    await page.close();
  });

  it('imports forms from /forms/import with only the forms provider, and lists the new form', async () => {
    const page = await context.newPage();
    await page.goto('/forms');
    await page.getByRole('link', { name: 'Import forms' }).click();
    await page.waitForURL(/\/forms\/import$/);
    await page.getByText('Import forms from excel via providers', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Forms');
    await page.getByRole('button', { name: /Provider$/ }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Forms']);
    await page.keyboard.press('Escape');

    const name = `Imported form ${tag}`;
    await field(page, 'Confirmation e-mail').fill(`forms-${tag}@example.com`);
    await attach(
      page,
      'forms.xlsx',
      await workbook(
        [
          'Name',
          'Email subject',
          'Email title',
          'Email body',
          'Email lists',
          'Thank you message',
          'Meta description',
          'Fields',
        ],
        [
          [
            name,
            'New enquiry',
            'Enquiry',
            'A visitor wrote',
            'sales@example.com',
            'Thanks',
            'Ask us',
            'Name* (text)',
          ],
        ],
      ),
    );
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await successToasts(page)
      .getByText(/the forms are created in the background/)
      .waitFor();
    await page.waitForURL(/\/forms$/);
    await expect
      .poll(() => page.getByRole('region', { name: 'Imports' }).textContent(), { timeout: 30_000 })
      .toContain('Imported: 1 form created.');
    await page.getByRole('link', { name, exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await page.close();
  });
});
