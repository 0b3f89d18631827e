import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dealership } from '@/api/contract/dealerships';
import { apiRequest, apiToken, createDealership, uniqueToken } from './api';
import { hasChromium, launchBrowser, signedInContext, successToasts } from './browser';

/**
 * Copy as staff or an import may have written it: strikethrough, an image and a table, in
 * spellings the editor would write differently (`*new*`, `+ item`, a padded table), and a centred
 * column the editor cannot show.
 */
const COPY = [
  'Welcome to ~~the old~~ our *new* showroom.',
  '![The showroom](/storage/dealer_img/front.png "Front")',
  '| Day     | Hours   |\n|---------|:-------:|\n| Monday  | 9 - 5   |\n| Sunday  | Closed  |',
  '+ Sales\n+ Service',
].join('\n\n');

describe.skipIf(!hasChromium)('A dealership’s copy in the rich text editor', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await signedInContext(browser);
    page = await context.newPage();
    token = await apiToken();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is saved byte for byte when the dealership is opened and saved without edits', async () => {
    const tag = uniqueToken();
    const id = await createDealership(token, { name: `Copy ${tag}`, slug: `copy-${tag}`, copy: COPY });
    const before = await apiRequest<{ data: Dealership }>(token, 'GET', `dealerships/show/${id}`);
    expect(before.data.copy).toBe(COPY);

    await page.goto(`/dealerships/edit/${id}`);
    const editor = page.getByRole('textbox', { name: 'Copy' });
    // The editor shows what it can: the struck words, the image and the table.
    await editor.locator('s', { hasText: 'the old' }).waitFor();
    await editor.locator('img[alt="The showroom"]').waitFor({ state: 'attached' });
    await editor.getByRole('cell', { name: 'Closed' }).waitFor();
    await page.getByText('Some of this text’s formatting cannot be shown here.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('You have updated a dealership.').waitFor();

    const after = await apiRequest<{ data: Dealership }>(token, 'GET', `dealerships/show/${id}`);
    expect(after.data.updated_at).not.toBe(before.data.updated_at);
    expect(after.data.copy).toBe(COPY);
  });
});
