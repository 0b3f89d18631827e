import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiToken, createPage, uniqueToken } from './api';
import { field, focusReaches, hasChromium, launchBrowser, newPage, SharedSignIn } from './browser';

const blocks = (page: Page) => page.getByRole('list', { name: 'Blocks' });
const block = (page: Page, name: string) => blocks(page).getByRole('listitem', { name, exact: true });

async function addBlock(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: /(^|\s)Block type\s*\*?$/ }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await page.getByRole('button', { name: 'Add block' }).click();
}

const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title="Page preview"]');
const previewText = async (page: Page) => (await preview(page).locator('body').textContent()) ?? '';

describe.skipIf(!hasChromium)('the builder preview', () => {
  let browser: Browser;
  const signedIn = new SharedSignIn(() => browser);
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await signedIn.page();
  });

  it('on a phone, puts the editor and the preview under two tabs and keeps what was typed', async () => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/pages/add');
    await page.getByRole('heading', { name: 'Add Page' }).waitFor();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const tabs = page.getByRole('tablist', { name: 'Editor or preview' });
    const tab = (name: string) => tabs.getByRole('tab', { name, exact: true });
    expect(await tab('Editor').getAttribute('aria-selected')).toBe('true');
    const words = `Narrow ${uniqueToken()}`;
    await field(page, 'Name').fill(words);

    // By keyboard: the arrow key moves to the preview and shows it in place of the editor.
    await tab('Editor').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Preview').getAttribute('aria-selected')).toBe('true');
    await focusReaches(tab('Preview'));
    await page.getByRole('region', { name: 'Preview' }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Name/ }).count()).toBe(0);

    await tab('Editor').click();
    expect(await field(page, 'Name').inputValue()).toBe(words);
    expect(await page.getByRole('region', { name: 'Preview' }).count()).toBe(0);
  });

  it('shows the unsaved draft as it is typed, added to and hidden, at a device width', async () => {
    await page.goto('/pages/add');
    await page.getByRole('heading', { name: 'Add Page' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Preview', exact: true });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('region', { name: 'Preview' }).waitFor();
    await preview(page).getByText('No visible blocks yet.').waitFor();

    await addBlock(page, 'Offers');
    await addBlock(page, 'Image gallery');
    await addBlock(page, 'Rich text');
    await expect.poll(() => preview(page).locator('[data-preview-key]').count()).toBe(3);

    const words = `Spring offers ${uniqueToken()}`;
    await block(page, 'Offers').getByRole('button', { name: 'Edit Offers' }).click();
    const editor = page.getByRole('region', { name: 'Edit Offers' });
    await field(editor.getByRole('group', { name: 'Introduction' }), 'Title').pressSequentially(words);
    // Read before the block or the page is saved.
    await expect.poll(() => previewText(page), { timeout: 5000 }).toContain(words);
    expect(
      await field(editor.getByRole('group', { name: 'Introduction' }), 'Title').evaluate(
        (el) => el === document.activeElement,
      ),
    ).toBe(true);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await previewText(page)).toContain(words);

    await block(page, 'Offers').getByRole('button', { name: 'Hide Offers' }).click();
    await expect.poll(() => previewText(page), { timeout: 5000 }).not.toContain(words);
    await expect.poll(() => preview(page).locator('[data-preview-key]').count()).toBe(2);

    // Widths: a labelled group of toggles; the frame lays the page out at the width chosen.
    const widths = page.getByRole('radiogroup', { name: 'Preview width' });
    await widths.getByRole('radio', { name: /Mobile/ }).click();
    await expect
      .poll(() => page.locator('iframe[title="Page preview"]').evaluate((el) => el.clientWidth))
      .toBe(375);

    // The choice to preview is kept in this browser.
    await page.reload();
    await page.getByRole('region', { name: 'Preview' }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Preview', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('shows the form builder’s draft as the form a visitor fills', async () => {
    await page.goto('/forms/add');
    await page.getByRole('heading', { name: 'Add Form' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Preview', exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await addBlock(page, 'Text input');
    await block(page, 'Text input').getByRole('button', { name: 'Edit Text input' }).click();
    const editor = page.getByRole('region', { name: 'Edit Text input' });
    const label = `Your registration ${uniqueToken()}`;
    await field(editor, 'Label').fill(label);
    const form = page.frameLocator('iframe[title="Form preview"]');
    await form.getByLabel(label).waitFor();
    // The frame is styled by the site's own stylesheet alone, the one file the site serves.
    expect(await form.locator('link[rel="stylesheet"]').getAttribute('href')).toMatch(
      /\/site\/_assets\/site\.css$/,
    );
    await expect
      .poll(() => form.locator('body').evaluate((body) => getComputedStyle(body).marginTop))
      .toBe('0px');
  });

  it('puts the editor and the preview behind tabs on a narrow screen', async () => {
    await page.setViewportSize({ width: 700, height: 900 });
    const id = await createPage(token, `Narrow ${uniqueToken()}`, {
      items: [
        { index: 'rich_text', name: 'Intro', sections: { content: { fields: { body: 'Narrow words' } } } },
      ],
    });
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    const toggle = page.getByRole('button', { name: 'Preview', exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    const tabs = page.getByRole('tablist', { name: 'Editor or preview' });
    await tabs.getByRole('tab', { name: 'Editor' }).waitFor();
    await block(page, 'Intro').waitFor();
    await tabs.getByRole('tab', { name: 'Preview' }).click();
    await expect.poll(() => previewText(page), { timeout: 5000 }).toContain('Narrow words');
    await blocks(page).waitFor({ state: 'hidden' });
    await tabs.getByRole('tab', { name: 'Editor' }).click();
    await block(page, 'Intro').waitFor();
  });

  it('shares the saved page by a link that opens signed out', async () => {
    const name = `Shared ${uniqueToken()}`;
    const id = await createPage(token, name, {
      items: [
        { index: 'rich_text', name: 'Intro', sections: { content: { fields: { body: 'Saved words' } } } },
      ],
    });
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    await page.getByRole('button', { name: 'Share preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share preview' });
    await dialog.getByText(/7 days/).waitFor();
    const url = await field(dialog, 'Preview link').inputValue();
    expect(url).toMatch(/\/site\/_preview\/[\w.-]+$/);

    const visitor = await newPage(browser);
    try {
      const answer = await visitor.goto(url);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()['x-robots-tag']).toMatch(/noindex/);
      await visitor.getByText('Saved words').waitFor();
      await visitor.getByRole('heading', { name }).first().waitFor();
    } finally {
      await visitor.context().close();
    }
  });
});
