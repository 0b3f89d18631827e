import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page as StoredPage } from '@/api/contract/pages';
import { apiRequest, apiToken, createPage, uniqueToken } from './api';
import {
  expectNoAxeViolations,
  field,
  focusReaches,
  hasChromium,
  launchBrowser,
  SharedSignIn,
  successToasts,
} from './browser';

const FIRST = 'Visit our Leeds showroom for spring offers';
const SECOND = 'Visit our York showroom for summer offers';

describe.skipIf(!hasChromium)('the history of a page', () => {
  let browser: Browser;
  const signedIn = new SharedSignIn(() => browser);
  let page: Page;
  let token: string;

  const stored = async (id: number) =>
    (await apiRequest<{ data: StoredPage }>(token, 'GET', `pages/edit?id=${id}`)).data;

  /** Types a new meta description into the builder and saves it. */
  async function saveDescription(id: number, text: string): Promise<void> {
    await field(page, 'Meta description').fill(text);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully updated page!').last().waitFor();
    await expect.poll(async () => (await stored(id)).meta.description).toBe(text);
  }

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

  it('compares the first of two saved edits with the current version, restores it, saves it and reads it back', async () => {
    const name = `History ${uniqueToken()}`;
    const id = await createPage(token, name);
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();

    await saveDescription(id, FIRST);
    await saveDescription(id, SECOND);
    expect((await stored(id)).meta.description).toBe(SECOND);

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const revisions = dialog.getByRole('list', { name: 'Revisions, newest first' }).getByRole('listitem');
    // Created, then two saves: the newest first.
    await expect.poll(() => revisions.count()).toBe(3);
    expect(await revisions.allInnerTexts()).toEqual([
      expect.stringMatching(/Updated by/),
      expect.stringMatching(/Updated by/),
      expect.stringMatching(/Created by/),
    ]);
    expect(await revisions.first().textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{2}, \d{2}:\d{2}/);

    // The first save's revision is the second newest.
    await revisions
      .nth(1)
      .getByRole('button', { name: /^Compare/ })
      .click();
    const fields = dialog.getByRole('region', { name: 'Fields changed' });
    await fields.waitFor();
    expect(await fields.locator('del').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('Leeds'), expect.stringContaining('spring')]),
    );
    expect(await fields.locator('ins').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('York'), expect.stringContaining('summer')]),
    );
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => field(page, 'Meta description').inputValue()).toBe(FIRST);
    await page.getByText(/^Loaded the version of .+\. Save to keep it\.$/).waitFor({ state: 'attached' });
    // Nothing is saved until Save.
    expect((await stored(id)).meta.description).toBe(SECOND);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName))
      .toMatch(/INPUT|TEXTAREA|BUTTON/);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully updated page!').last().waitFor();
    await expect.poll(async () => (await stored(id)).meta.description).toBe(FIRST);

    await page.reload();
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    await expect.poll(() => field(page, 'Meta description').inputValue()).toBe(FIRST);
  });

  it('opens the History panel on a 320 px wide screen and by keyboard', async () => {
    const id = await createPage(token, `History narrow ${uniqueToken()}`);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/pages/edit/${id}`);
    const history = page.getByRole('button', { name: 'History', exact: true });
    await history.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'History' });
    await dialog.getByRole('listitem').first().waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReaches(history);
  });
});
