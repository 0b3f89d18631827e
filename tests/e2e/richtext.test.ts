import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dealership } from '@/api/contract/dealerships';
import { apiRequest, apiToken, createDealership, createUser, uniqueToken } from './api';
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

  it('stays as it is for someone who may only read the dealership, its toolbar disabled like the Live switch', async () => {
    const tag = uniqueToken();
    const copy = 'Our showroom is open every day.';
    const id = await createDealership(token, { name: `Read ${tag}`, slug: `read-${tag}`, copy, live: true });
    const email = `copy.reader.${tag}@example.com`;
    const password = 'Copy-Reader-Pass-1';
    // Made without a role: Read only.
    await createUser(token, { name: `Copy Reader ${tag}`, email, password });
    const reader = await (await signedInContext(browser, email, password)).newPage();
    try {
      await reader.goto(`/dealerships/edit/${id}`);
      const editor = reader.getByRole('textbox', { name: 'Copy' });
      await editor.getByText(copy).waitFor();
      expect(await editor.getAttribute('contenteditable')).toBe('false');
      expect(await editor.getAttribute('aria-readonly')).toBe('true');

      await editor.click();
      await reader.keyboard.type('Typed here. ');
      await reader.keyboard.press('Enter');
      expect(await editor.textContent()).toBe(copy);
      expect(await editor.locator('p').count()).toBe(1);

      const toolbar = reader.getByRole('toolbar', { name: 'Copy formatting' });
      for (const name of ['Bold', 'Italic', 'Heading', 'Bulleted list', 'Quote', 'Undo'])
        expect(await toolbar.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);

      // The Live switch is on and cannot be changed: drawn as disabled, not in the accent colour.
      const live = reader.getByRole('switch', { name: 'Live' });
      expect(await live.isChecked()).toBe(true);
      expect(await live.isDisabled()).toBe(true);
      const look = await live.evaluate((input) => {
        // The label holds the hidden input's wrapper, then the track.
        const track = input.closest('label')?.querySelector(':scope > span:not(:has(input))');
        const accent = document.createElement('span');
        accent.style.color = 'var(--color-accent)';
        document.body.append(accent);
        const colours = {
          track: track ? getComputedStyle(track).backgroundColor : '',
          accent: getComputedStyle(accent).color,
        };
        accent.remove();
        return colours;
      });
      expect(look.track).not.toBe('');
      expect(look.track).not.toBe(look.accent);
    } finally {
      await reader.context().close();
    }
  });
});
