import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Manufacturer } from '@/api/contract/brands';
import { formatDate } from '@/shared/format';
import {
  apiRequest,
  apiToken,
  createBrand,
  deleteForGood,
  listBrands,
  type NewBrand,
  uniqueToken,
} from './api';
import {
  awaitedLater,
  errorToasts,
  expectNoAxeViolations,
  field,
  hasChromium,
  keyboardDragReady,
  launchBrowser,
  SharedSignIn,
  successToasts,
} from './browser';
import { rowBySelectBox } from './lifecycle-driver';
import { baseURL } from './server';

/** The site address the slug column shows the slug under (VITE_SITE_URL unset in tests). */
const SITE = 'https://www.example-motors.co.uk/';
const PAGE_SIZE = 25;

/** Puts a new logo into the media library (a square of a colour of its own, so never a duplicate): its id. */
async function uploadLogo(token: string, name = 'badge.png'): Promise<number> {
  const channel = () => Math.floor(Math.random() * 256);
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: channel(), g: channel(), b: channel() } },
  })
    .png()
    .toBuffer();
  const body = new FormData();
  body.append('files[]', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const response = await fetch(new URL('/api/media/upload', baseURL()), {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    body,
  });
  const answer = (await response.json()) as { data: { item: { id: number } | null; error: string | null }[] };
  if (!response.ok || !answer.data[0]?.item) throw new Error(`media/upload answered ${response.status}`);
  return answer.data[0].item.id;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The brands whose name has `text`, in the order the table shows them (read from their checkboxes). */
async function shownOrder(page: Page, text: string): Promise<string[]> {
  const labels = await page
    .getByRole('checkbox', { name: new RegExp(`^Select .*${text}`) })
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Select /, ''));
}

const row = rowBySelectBox;

/**
 * Does what makes the list load again and waits until the answer is on screen: while it loads, the
 * rows shown are the ones before, and their buttons wait for the list.
 */
async function untilLoaded(page: Page, action: () => Promise<void>, search?: string): Promise<void> {
  const answered = awaitedLater(
    page.waitForResponse(
      (r) =>
        r.url().includes('/api/brands?') &&
        (search === undefined || new URL(r.url()).searchParams.get('search') === search),
    ),
  );
  await action();
  await (await answered).finished();
  // The answer is read, then drawn in the next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/** Types a search and waits for its answer. */
async function search(page: Page, text: string): Promise<void> {
  await untilLoaded(page, () => page.getByRole('searchbox', { name: 'Search brands' }).fill(text), text);
}

/** Turns a switch or checkbox on by its visible label, as a person would. */
async function turnOn(scope: Page | Locator, control: Locator, label: string): Promise<void> {
  await scope.getByText(label, { exact: true }).click();
  expect(await control.isChecked()).toBe(true);
}

/** Goes on with Next until there is no next page: new brands are added at the end of the order. */
async function lastPage(page: Page): Promise<void> {
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  const next = pagination.getByRole('button', { name: 'Next' });
  const summary = pagination.getByText(/^Page \d+ of \d+$/);
  await summary.waitFor();
  while (await next.isEnabled()) {
    const current = Number(/Page (\d+)/.exec((await summary.textContent()) ?? '')?.[1]);
    await untilLoaded(page, () => next.click());
    await pagination.getByText(new RegExp(`^Page ${current + 1} of \\d+$`)).waitFor();
  }
}

describe.skipIf(!hasChromium)('brands', () => {
  let browser: Browser;
  const signedIn = new SharedSignIn(() => browser);
  let page: Page;
  let token: string;
  /** Every brand this file made, deleted for good at the end. */
  const made: number[] = [];

  async function make(brand: NewBrand): Promise<number> {
    const id = await createBrand(token, brand);
    made.push(id);
    return id;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
  });

  afterAll(async () => {
    if (token) await deleteForGood(token, 'brands', { ids: made });
    await browser?.close();
  });

  beforeEach(async () => {
    page = await signedIn.page();
  });

  it('lists brands with their logo, their address on the site, live or not, and their dates', async () => {
    const tag = uniqueToken();
    const logo = await uploadLogo(token);
    await make({ name: `Lister ${tag} Live`, slug: `lister-${tag}-live`, logo });
    await make({ name: `Lister ${tag} Hidden`, slug: `lister-${tag}-hidden`, live: false });

    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Brands' }).click();
    await page.waitForURL(/\/brands$/);
    await page.getByRole('heading', { name: 'Brands', level: 1 }).waitFor();
    await page.getByRole('tab', { name: /^Bin \(\d+\)$/ }).waitFor();
    await search(page, tag);
    await row(page, `Lister ${tag} Live`).waitFor();

    const live = row(page, `Lister ${tag} Live`);
    expect(await live.locator('img').first().getAttribute('src')).toMatch(/^\/(storage|media)\//);
    expect(await live.textContent()).toContain(`${SITE}lister-${tag}-live`);
    await live.getByRole('img', { name: 'Live', exact: true }).waitFor();
    const today = formatDate(new Date().toISOString());
    expect(await live.getByText(today, { exact: true }).count()).toBe(2);
    await row(page, `Lister ${tag} Hidden`).getByRole('img', { name: 'Not live' }).waitFor();
    // A search result is a subset of the order: no drag handles.
    expect(await page.getByRole('button', { name: /^Reorder / }).count()).toBe(0);

    await search(page, `${tag}-nothing-like-it`);
    await page.getByText('Oops! No results...', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await page
      .getByRole('button', { name: /^Reorder / })
      .first()
      .waitFor();
  });

  it('hides the slug column when it is switched off', async () => {
    await page.goto('/brands');
    await page.getByRole('columnheader', { name: 'Slug' }).waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns' });
    await columns.getByText('Slug', { exact: true }).click();
    expect(await columns.getByRole('checkbox', { name: 'Slug' }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Slug' }).waitFor({ state: 'detached' });
    expect(await page.getByText(SITE).count()).toBe(0);
  });

  it('adds a brand with a logo picked from the library and a manufacturer, then lists it', async () => {
    const tag = uniqueToken();
    const name = `Adder ${tag} Motors`;
    const cars = await apiRequest<{ data: Manufacturer[] }>(token, 'GET', 'manufacturers?type=Car');
    const maker = cars.data[0]!;

    await page.goto('/brands');
    await page.getByRole('link', { name: 'Add brand' }).click();
    await page.waitForURL(/\/brands\/add$/);
    await page.getByText('Create a new brand', { exact: true }).waitFor();

    await field(page, 'Name').fill(name);
    expect(await field(page, 'Slug').inputValue()).toBe(`adder-${tag}-motors`);
    await page
      .getByRole('button', { name: /Manufacturer$/ })
      .first()
      .click();
    await page.getByRole('option', { name: maker.name, exact: true }).click();
    await turnOn(page, page.getByRole('switch', { name: 'Live' }), 'Live');

    // The logo is picked from the library, in the dialog every file field of the console opens.
    const badge = `Adder ${tag} badge.png`;
    await uploadLogo(token, badge);
    const logo = page.getByRole('group', { name: 'Logo', exact: true });
    await logo.getByRole('button', { name: 'Choose image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the logo' });
    await dialog.waitFor();
    await dialog.getByRole('searchbox', { name: 'Search the library' }).fill(tag);
    const grid = dialog.getByRole('grid', { name: 'Library images' });
    await grid.getByRole('row', { name: badge }).click();
    await dialog.getByText(`Chosen: ${badge}`).waitFor();
    await dialog.getByRole('button', { name: 'Use image' }).click();
    await dialog.waitFor({ state: 'detached' });
    await logo.getByText(badge, { exact: true }).waitFor();
    await page.getByText(`Chose ${badge}.`, { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have added a new brand.').waitFor();
    await page.waitForURL(/\/brands$/);

    const { brands } = await listBrands(token, tag);
    const saved = brands.data.find((b) => b.name === name);
    expect(saved).toBeDefined();
    made.push(saved!.id);
    expect(saved).toMatchObject({
      slug: `adder-${tag}-motors`,
      live: true,
      is_fake: false,
      manufacturer_id: maker.code,
      lcv_manufacturer_id: 0,
    });
    expect(saved!.logo).toMatchObject({ name: badge, url: expect.stringMatching(/^\/storage\/media\//) });

    // Opened again later, the logo shows its name in the library.
    await page.goto(`/brands/edit/${saved!.id}`);
    await page.getByText(`Updating ${name}`, { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Logo', exact: true }).getByText(badge, { exact: true }).waitFor();
  });

  it('edits a brand and shows the change in the list', async () => {
    const tag = uniqueToken();
    const id = await make({ name: `Editor ${tag}`, slug: `editor-${tag}`, live: false });

    await page.goto('/brands');
    await search(page, tag);
    await page.getByRole('link', { name: `Edit Editor ${tag}` }).click();
    await page.waitForURL(new RegExp(`/brands/edit/${id}$`));
    await page.getByText(`Updating Editor ${tag}`, { exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe(`Editor ${tag} · Edit brand · Dealership Console`);
    expect(await field(page, 'Slug').inputValue()).toBe(`editor-${tag}`);

    await field(page, 'Name').fill(`Editor ${tag} Renamed`);
    // An existing brand keeps its address when renamed.
    expect(await field(page, 'Slug').inputValue()).toBe(`editor-${tag}`);
    await turnOn(page, page.getByRole('switch', { name: 'Live' }), 'Live');
    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have updated a brand.').waitFor();
    await page.waitForURL(/\/brands$/);

    await search(page, tag);
    await row(page, `Editor ${tag} Renamed`).getByRole('img', { name: 'Live', exact: true }).waitFor();
  });

  it('keeps what was typed and says so when the server cannot be reached, even for the first message', async () => {
    const tag = uniqueToken();
    const id = await make({ name: `Offline ${tag}`, slug: `offline-${tag}`, live: false });
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await page.goto(`/brands/edit/${id}`);
    await field(page, 'Name').fill(`Offline ${tag} Renamed`);
    // The server is gone: neither the save nor the toasts' own code (fetched with the first toast) arrives.
    await page.route('**/api/brands/**', (route) => route.abort('connectionrefused'));
    await page.route('**/assets/Toaster-*', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Save' }).click();
    await errorToasts(page).getByText('Something went wrong. Please try again.').waitFor();
    expect(await field(page, 'Name').inputValue()).toBe(`Offline ${tag} Renamed`);
    expect(crashes).toEqual([]);

    // Back again, the same form saves what was typed.
    await page.unroute('**/api/brands/**');
    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have updated a brand.').waitFor();
  });

  it('shows a not-found page for a brand that does not exist, with the way back to all brands', async () => {
    await page.goto('/brands/edit/987654');
    await page.getByText('Oops! Page not found.', { exact: true }).waitFor();
    await page
      .getByText("The brand you are trying to locate clearly doesn't exist...", { exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'View all brands' }).click();
    await page.waitForURL(/\/brands$/);
    await page.getByRole('heading', { name: 'Brands', level: 1 }).waitFor();
  });

  it('moves a brand to the bin, restores it, and deletes it forever', async () => {
    const tag = uniqueToken();
    const name = `Binner ${tag}`;
    const id = await make({ name, slug: `binner-${tag}` });
    const confirm = () => page.getByRole('alertdialog');

    await page.goto('/brands');
    await search(page, tag);
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await confirm().getByText('Hold up!').waitFor();
    await confirm().getByText('You are about to delete brand(s)', { exact: false }).waitFor();
    await untilLoaded(page, () => confirm().getByRole('button', { name: 'Yes please' }).click());
    await page.getByText('Oops! No results...', { exact: true }).waitFor();

    await untilLoaded(page, () => page.getByRole('tab', { name: /^Bin \(1\)$/ }).click());
    await untilLoaded(page, () => page.getByRole('button', { name: `Restore ${name}` }).click());
    await page.getByRole('tab', { name: /^Bin \(0\)$/ }).waitFor();
    await untilLoaded(page, () => page.getByRole('tab', { name: /^All \(1\)$/ }).click());
    await row(page, name).waitFor();

    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await untilLoaded(page, () => confirm().getByRole('button', { name: 'Yes please' }).click());
    await untilLoaded(page, () => page.getByRole('tab', { name: /^Bin \(1\)$/ }).click());
    await page.getByRole('button', { name: `Delete forever ${name}` }).click();
    await confirm().getByText('You are about to delete brand(s)', { exact: false }).waitFor();
    await confirm()
      .getByText('Deleting from the bin is permanent: their history is deleted with them.')
      .waitFor();
    await confirm().getByRole('button', { name: 'Yes please' }).click();
    await page.getByRole('tab', { name: /^Bin \(0\)$/ }).waitFor();

    const { brands, trashed } = await listBrands(token, tag);
    expect([...brands.data, ...trashed.data].map((b) => b.id)).not.toContain(id);
  });

  describe('order', () => {
    /** Three new brands, last in the order and on one page, named `<tag> A`, `B`, `C`. */
    async function threeOnOnePage(tag: string): Promise<string[]> {
      const total = (await listBrands(token)).brands.total;
      // Three brands at the very end could straddle two pages: fillers push them onto one.
      const spill = (total + 3) % PAGE_SIZE;
      for (let i = 0; i < (spill === 1 || spill === 2 ? 3 - spill : 0); i++) {
        await make({ name: `Filler ${tag} ${i}`, slug: `filler-${tag}-${i}` });
      }
      const names = ['A', 'B', 'C'].map((letter) => `Order ${tag} ${letter}`);
      for (const name of names) await make({ name, slug: name.toLowerCase().replace(/ /g, '-') });
      return names;
    }

    it('reorders brands by dragging a handle and keeps the order after a reload', async () => {
      const tag = uniqueToken();
      const [a, b, c] = await threeOnOnePage(tag);
      await page.goto('/brands');
      await lastPage(page);
      await row(page, c!).waitFor();
      expect(await shownOrder(page, `Order ${tag}`)).toEqual([a, b, c]);

      const handle = page.getByRole('button', { name: `Reorder ${c}` });
      const from = (await handle.boundingBox())!;
      const to = (await page.getByRole('button', { name: `Reorder ${a}` }).boundingBox())!;
      const saved = awaitedLater(page.waitForResponse((r) => r.url().endsWith('/api/brands/sort')));
      await handle.hover();
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
      await page.mouse.up();

      expect(await shownOrder(page, `Order ${tag}`)).toEqual([c, a, b]);
      expect((await saved).status()).toBe(200);

      await page.reload();
      await lastPage(page);
      await row(page, c!).waitFor();
      expect(await shownOrder(page, `Order ${tag}`)).toEqual([c, a, b]);
      const order = (await listBrands(token)).brands.data.map((brand) => brand.name);
      expect(order.filter((name) => name.startsWith(`Order ${tag}`))).toEqual([c, a, b]);
    });

    it('reorders brands with the keyboard', async () => {
      const tag = uniqueToken();
      const [a, b, c] = await threeOnOnePage(tag);
      await page.goto('/brands');
      await lastPage(page);
      await row(page, a!).waitFor();
      // Positions as the announcements count them: on this page, from 1.
      const onPage = await page
        .getByRole('checkbox', { name: /^Select (?!all$)/ })
        .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')?.replace(/^Select /, '')));
      const position = (name: string) => `${onPage.indexOf(name) + 1} of ${onPage.length}`;

      const saved = awaitedLater(page.waitForResponse((r) => r.url().endsWith('/api/brands/sort')));
      const handle = page.getByRole('button', { name: `Reorder ${a}` });
      // Each key waits for what it does to be announced, as a screen reader user would hear it.
      const announced = (text: string) =>
        page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
      await handle.focus();
      await page.keyboard.press('Space');
      await page.locator(`[aria-label="Reorder ${a}"][aria-pressed="true"]`).waitFor();
      await announced(`Picked up ${a}, at position ${position(a!)}.`);
      await keyboardDragReady(page);
      await page.keyboard.press('ArrowDown');
      await announced(`${a} moved to position ${position(b!)}.`);
      await page.keyboard.press('ArrowDown');
      await announced(`${a} moved to position ${position(c!)}.`);
      await page.keyboard.press('Space');
      expect((await saved).status()).toBe(200);
      expect(await shownOrder(page, `Order ${tag}`)).toEqual([b, c, a]);
      // The drop is said through the console's live region, whose words go after a while: none
      // stay behind in dnd-kit's own region once the list has reloaded.
      await page
        .locator('[data-announcer]')
        .getByText(`${a} dropped at position ${position(c!)}.`, { exact: true })
        .waitFor({ state: 'attached' });
      expect((await page.locator('[id^=DndLiveRegion]').allTextContents()).join('')).toBe('');
      // Focus stays on the handle, so another move can follow.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`Reorder ${a}`);

      const order = (await listBrands(token)).brands.data.map((brand) => brand.name);
      expect(order.filter((name) => name.startsWith(`Order ${tag}`))).toEqual([b, c, a]);
    });

    it('offers no drag handles in the bin', async () => {
      await page.goto('/brands');
      await page
        .getByRole('button', { name: /^Reorder / })
        .first()
        .waitFor();
      await page.getByRole('tab', { name: /^Bin \(\d+\)$/ }).click();
      await page.getByRole('tab', { name: /^Bin \(\d+\)$/, selected: true }).waitFor();
      await page
        .getByRole('columnheader', { name: 'Name' })
        .or(page.getByText('Nothing has been placed in the bin!'))
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: /^Reorder / }).count()).toBe(0);
      expect(pathOf(page)).toBe('/brands');
    });
  });
});
