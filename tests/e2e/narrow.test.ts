import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Paginator } from '@/api/contract/common';
import type { Reservation } from '@/api/contract/reservations';
import { signedInAdmin } from './admin';
import { apiRequest, createBrand, createPage, uniqueToken } from './api';
import { hasChromium, shownWhole } from './browser';

/** A phone's width: what a screen shows there must be readable and stay inside its boxes. */
const PHONE = { width: 320, height: 800 };

/** Whether `inner` lies within `outer`'s left and right edges, as laid out now. */
async function horizontallyWithin(outer: Locator, inner: Locator): Promise<boolean> {
  const [o, i] = await Promise.all([outer.boundingBox(), inner.boundingBox()]);
  if (!o || !i) throw new Error('not laid out');
  return i.x >= o.x - 0.5 && i.x + i.width <= o.x + o.width + 0.5;
}

/** How many lines a piece of text is laid out on. */
function lines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

describe.skipIf(!hasChromium)('on a 320 px wide screen', () => {
  const admin = signedInAdmin();
  let page: Page;

  beforeEach(async () => {
    page = await admin.newPage();
    await page.setViewportSize(PHONE);
  });
  afterEach(async () => {
    await page.close();
  });

  it('keeps a list’s names readable, the table scrolling sideways in its own region instead', async () => {
    // As long as a make's name often is ('Volkswagen').
    const name = `Brand ${uniqueToken(4)}`;
    await createBrand(admin.token, { name, slug: name.toLowerCase().replace(' ', '-') });
    await page.goto(`/brands?search=${encodeURIComponent(name)}`);
    const cell = page.getByRole('row').filter({ hasText: name }).getByRole('cell').filter({ hasText: name });
    await cell.waitFor();
    // The whole name is there to read, not cut to its first letter: its text is laid out no
    // wider than the cell shows.
    expect(await shownWhole(cell)).toBe(true);
    const region = page.getByRole('region', { name: 'All brands' });
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('lays a library item’s details out in one column: nothing overlaps or sticks out', async () => {
    await page.goto('/media');
    await page.getByRole('list', { name: 'Media' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    const alt = dialog.getByLabel('Alt text', { exact: true });
    await alt.waitFor();
    const facts = dialog.locator('dl');
    const [altBox, factsBox] = await Promise.all([alt.boundingBox(), facts.boundingBox()]);
    // The fields come under the facts, not beside and over them.
    expect(altBox!.y).toBeGreaterThanOrEqual(factsBox!.y + factsBox!.height);
    for (const action of await dialog.getByRole('button').all())
      expect(await horizontallyWithin(dialog, action)).toBe(true);
    const decorative = dialog.getByRole('checkbox', { name: /Decorative/ });
    const [box, words] = await Promise.all([
      decorative.boundingBox(),
      dialog.getByText('Decorative (no alt text needed)').boundingBox(),
    ]);
    // The box sits beside its words.
    expect(box!.y).toBeLessThan(words!.y + words!.height);
  });

  it('shows a reservation’s amount and registration each whole, on one line', async () => {
    const { reservations } = await apiRequest<{ reservations: Paginator<Reservation> }>(
      admin.token,
      'GET',
      'reservations',
    );
    const reservation = reservations.data[0]!;
    await page.goto(`/reservations/${reservation.id}`);
    await page.getByRole('heading', { name: 'Sale details' }).waitFor();
    const value = (term: string) => page.locator(`dt:text-is("${term}") + dd`);
    expect(await lines(value('Amount'))).toBe(1);
    expect(await lines(value('Vehicle registration'))).toBe(1);
  });

  it('gives a box without words beside it, and a filter’s box, a target of at least 24 by 24', async () => {
    await page.goto('/brands');
    const selectAll = page.getByRole('checkbox', { name: 'Select all' });
    await selectAll.waitFor({ state: 'attached' });
    const target = await page.locator('label', { has: selectAll }).boundingBox();
    expect(target!.width).toBeGreaterThanOrEqual(24);
    expect(target!.height).toBeGreaterThanOrEqual(24);
    await page.goto('/media');
    for (const name of ['Unused', 'Bin']) {
      const box = await page
        .locator('label', { has: page.getByRole('checkbox', { name, exact: true }) })
        .boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(24);
    }
  });

  it('keeps a user’s scope choices and the rich text toolbar inside their cards', async () => {
    await page.goto('/users/add');
    await page.getByText('Chosen brands and dealerships').click();
    const choices = page.getByRole('group', { name: 'Dealerships' }).locator('label');
    await choices.first().waitFor();
    const card = page.locator('form');
    expect(await choices.count()).toBeGreaterThan(0);
    for (const label of await choices.all()) expect(await horizontallyWithin(card, label)).toBe(true);
    await page.goto('/dealerships/edit/1');
    const toolbar = page.getByRole('toolbar').first();
    await toolbar.waitFor();
    for (const tool of await toolbar.getByRole('button').all())
      expect(await horizontallyWithin(toolbar, tool)).toBe(true);
  });

  it('starts the builder’s fields one gap below its buttons while nobody else has the page open', async () => {
    const id = await createPage(admin.token, `Alone ${uniqueToken(4)}`);
    await page.goto(`/pages/edit/${id}`);
    const settings = page.getByRole('region', { name: 'Page settings' });
    await settings.waitFor();
    const header = page.locator('header').filter({ has: page.getByRole('heading', { name: 'Edit Page' }) });
    // The presence bar keeps its status in place for an arrival, but takes no row of its own.
    const [headerBox, settingsBox, gap] = await Promise.all([
      header.boundingBox(),
      settings.boundingBox(),
      // The room the layout puts below the header: its own margin and the frame's gap.
      header.evaluate(
        (node) =>
          Number.parseFloat(getComputedStyle(node).marginBottom) +
          Number.parseFloat(getComputedStyle(node.parentElement as Element).rowGap),
      ),
    ]);
    if (!headerBox || !settingsBox) throw new Error('not laid out');
    expect(settingsBox.y - (headerBox.y + headerBox.height)).toBeCloseTo(gap, 0);
    expect(await page.getByRole('region', { name: 'Who else is here' }).count()).toBe(1);
  });
});

/** A phone held upright: the builders and the longer forms must fit it too. */
const UPRIGHT = { width: 320, height: 640 };

/** How wide the document is laid out, and how far it has been scrolled sideways. */
const sideways = (page: Page) =>
  page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    scrolled: window.scrollX,
  }));

describe.skipIf(!hasChromium)('on a 320 by 640 screen', () => {
  const admin = signedInAdmin();
  let page: Page;

  beforeEach(async () => {
    page = await admin.newPage();
    await page.setViewportSize(UPRIGHT);
  });
  afterEach(async () => {
    await page.close();
  });

  it('wraps a webhook’s long event codes inside the card, and focusing one scrolls nothing sideways', async () => {
    await page.goto('/webhooks/add');
    const code = page.getByText('page.published', { exact: true });
    await code.waitFor();
    const card = page.locator('form');
    for (const box of await page.getByRole('checkbox').all()) {
      await box.focus();
      expect((await sideways(page)).scrolled).toBe(0);
    }
    expect(await horizontallyWithin(card, code)).toBe(true);
    expect((await sideways(page)).width).toBeLessThanOrEqual(UPRIGHT.width);
  });
});
