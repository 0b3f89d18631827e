import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MediaItem } from '@/api/contract/media';
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
import { baseURL } from './server';

/** A photograph-sized PNG of one colour: its bytes (and so its SHA-256) differ with the colour. */
async function photo(width: number, height: number): Promise<Buffer> {
  const channel = () => Math.floor(Math.random() * 256);
  return sharp({
    create: { width, height, channels: 3, background: { r: channel(), g: channel(), b: channel() } },
  })
    .png()
    .toBuffer();
}

/**
 * The width of the rendition an image fetched (from the srcset of the source it came from), the
 * widths it could have taken, and the device pixels it shows across. Runs in the page.
 */
function renditionFetched(img: HTMLImageElement): { chosen: number; widths: number[]; shown: number } {
  const candidates = (srcset: string) =>
    srcset.split(',').map((candidate) => {
      const [url = '', descriptor = ''] = candidate.trim().split(/\s+/);
      return { href: new URL(url, document.baseURI).href, width: Number.parseInt(descriptor, 10) };
    });
  const sources = [...(img.parentElement?.querySelectorAll('source') ?? []), img];
  const from = sources
    .map((source) => candidates(source.getAttribute('srcset') ?? ''))
    .find((list) => list.some(({ href }) => href === img.currentSrc));
  return {
    chosen: from?.find(({ href }) => href === img.currentSrc)?.width ?? 0,
    widths: from?.map(({ width }) => width) ?? [],
    shown: img.getBoundingClientRect().width * window.devicePixelRatio,
  };
}

async function uploadByApi(token: string, name: string, buffer: Buffer): Promise<MediaItem> {
  const body = new FormData();
  body.append('files[]', new Blob([new Uint8Array(buffer)], { type: 'image/png' }), name);
  const response = await fetch(new URL('/api/media/upload', baseURL()), {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    body,
  });
  const answer = (await response.json()) as { data: Array<{ item: MediaItem | null; error: string | null }> };
  const item = answer.data[0]?.item;
  if (!response.ok || !item)
    throw new Error(`media/upload answered ${response.status}: ${answer.data[0]?.error}`);
  return item;
}

/** A select's button is named by its value, then its label ('No Published'). */
const selectButton = (scope: Page | Locator, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${label}\\s*\\*?$`) });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await selectButton(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const blocks = (page: Page) => page.getByRole('list', { name: 'Blocks' });
const block = (page: Page, name: string) => blocks(page).getByRole('listitem', { name, exact: true });

/** An hour ago, as the builder's date and time picker takes it. */
function anHourAgo(): string {
  const date = new Date(Date.now() - 60 * 60 * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Adds a Hero banner to the builder open in `page`, opens it and adds a slide: its editor and Image field. */
async function heroSlideImage(page: Page) {
  await choose(page, 'Block type', 'Hero banner');
  await page.getByRole('button', { name: 'Add block' }).click();
  await block(page, 'Hero banner').getByRole('button', { name: 'Edit Hero banner' }).click();
  const editor = page.getByRole('region', { name: 'Edit Hero banner' });
  await editor.getByRole('button', { name: 'Add slide' }).click();
  return { editor, image: editor.getByRole('group', { name: 'Image', exact: true }) };
}

describe.skipIf(!hasChromium)('block images from the media library', () => {
  let browser: Browser;
  const signedIn = new SharedSignIn(() => browser);
  let page: Page;
  let token: string;
  const run = uniqueToken();

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

  it('picks a library image into a hero by keyboard, refuses to publish it undescribed, and shows it on the site as <picture>', async () => {
    const name = `Coast ${run}`;
    const fileName = `coast-${run}.png`;
    const item = await uploadByApi(token, fileName, await photo(1600, 900));
    const id = await createPage(token, name);

    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    const { editor, image } = await heroSlideImage(page);

    // The dialog opens from the keyboard, searches the library, and a pick is made with the arrow keys and Space.
    const opener = image.getByRole('button', { name: 'Choose image' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose the image' });
    await dialog.waitFor();
    await dialog.getByRole('searchbox', { name: 'Search the library' }).fill(run);
    const grid = dialog.getByRole('grid', { name: 'Library images' });
    await grid.getByRole('row', { name: fileName }).waitFor();
    await expect.poll(() => grid.getByRole('row').count()).toBe(1);
    // A 16:9 photograph is drawn in the tile's 4:3 box, not at the height of the file as uploaded.
    const thumbnail = await grid.getByRole('row', { name: fileName }).locator('img').boundingBox();
    expect(thumbnail?.height).toBeCloseTo(((thumbnail?.width ?? 0) * 3) / 4, 0);
    // Tab from the search passes the folder filter and the upload button, then enters the grid.
    const inGrid = () => page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null);
    for (let step = 0; step < 4 && !(await inGrid()); step += 1) await page.keyboard.press('Tab');
    expect(await inGrid()).toBe(true);
    await page.keyboard.press('Space');
    await expect
      .poll(() => grid.getByRole('row', { name: fileName }).getAttribute('aria-selected'))
      .toBe('true');
    await dialog.getByText(`Chosen: ${fileName}`).waitFor();
    await dialog.getByRole('button', { name: 'Use image' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the field's button, which now replaces the image.
    const replace = image.getByRole('button', { name: 'Replace image' });
    await focusReaches(replace);
    await image.getByText(fileName, { exact: true }).waitFor();
    await image.getByText('No alt text yet: describe it here or in the library.').waitFor();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'detached' });

    // The preview shows the picked image as the site will, before anything is saved.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.frameLocator('iframe[title="Page preview"]');
    await expect
      .poll(() => preview.locator('picture source[type="image/avif"]').first().getAttribute('srcset'))
      .toContain(`/media/r/${item.sha256}/16x9-f50-50-w640.avif 640w`);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();

    // Published without a description: refused, and the builder says which block.
    await choose(page, 'Published', 'Yes');
    await field(page, 'Published at').fill(anHourAgo());
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const problems = page.getByRole('list', { name: 'Errors in Hero banner' });
    await problems.getByText(`Add alt text to ${fileName}, or mark it decorative.`).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'There is a problem' })
      .getByRole('button', { name: `Block 1: Add alt text to ${fileName}, or mark it decorative.` })
      .waitFor();

    // Described where it is used, it is published.
    await block(page, 'Hero banner').getByRole('button', { name: 'Edit Hero banner' }).click();
    await field(editor, `Alt text for ${fileName} here`).fill('A Sportage by the sea');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully updated page!').waitFor();
    const saved = (await apiRequest<{ data: StoredPage }>(token, 'GET', `pages/edit?id=${id}`)).data;
    expect(saved.items[0]?.sections.slides?.entries[0]?.fields.image).toEqual([
      { media_id: item.id, alt: 'A Sportage by the sea' },
    ]);
    // The library says where it is used.
    const shown = await apiRequest<{ data: { uses: { area: string; id: number }[] } }>(
      token,
      'GET',
      `media/show/${item.id}`,
    );
    expect(shown.data.uses).toEqual([expect.objectContaining({ area: 'pages', id })]);

    // The site shows it as a <picture> of renditions cropped 16:9, with its alt text.
    const path = `/site/${name.toLowerCase().replace(/\s+/g, '-')}`;
    const site = await page.context().newPage();
    await site.goto(path);
    const picture = site.locator('picture').first();
    const avif = await picture.locator('source[type="image/avif"]').getAttribute('srcset');
    expect(avif).toContain(`/media/r/${item.sha256}/16x9-f50-50-w640.avif 640w`);
    const img = picture.locator('img');
    expect(await img.getAttribute('alt')).toBe('A Sportage by the sea');
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['1600', '900']);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toContain(
      `/media/r/${item.sha256}/16x9-`,
    );

    // Each screen fetches the smallest rendition at least as wide as the image shows: on a 980 px
    // screen the hero shows 948 px wide in the content column and takes the 960 px rendition, not
    // the 1280 px one a screen-wide guess would fetch.
    for (const width of [375, 980, 1440]) {
      const sized = await browser.newContext({
        baseURL: baseURL(),
        viewport: { width, height: 800 },
      });
      try {
        const screen = await sized.newPage();
        await screen.goto(path);
        const hero = screen.locator('picture img').first();
        await expect
          .poll(() => hero.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
            timeout: 20_000,
          })
          .toBe(true);
        const fetched = await hero.evaluate(renditionFetched);
        expect(fetched.chosen, `${width} px screen: ${JSON.stringify(fetched)}`).toBe(
          Math.min(...fetched.widths.filter((w) => w >= fetched.shown), Math.max(...fetched.widths)),
        );
      } finally {
        await sized.close();
      }
    }

    // Without JavaScript the same markup serves the same image.
    const still = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    try {
      const plain = await still.newPage();
      await plain.goto(path);
      const plainImg = plain.locator('picture img').first();
      expect(await plainImg.getAttribute('alt')).toBe('A Sportage by the sea');
      expect(
        await plain.locator('picture source[type="image/webp"]').first().getAttribute('srcset'),
      ).toContain(`/media/r/${item.sha256}/16x9-f50-50-w320.webp 320w`);
      await expect
        .poll(() => plainImg.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
          timeout: 20_000,
        })
        .toBe(true);
    } finally {
      await still.close();
    }
  });

  it('keeps the search in view while the grid scrolls in its own box, and shows the field’s button after a pick', async () => {
    const tag = uniqueToken();
    const names = Array.from({ length: 30 }, (_, at) => `grid-${tag}-${at}.png`);
    for (const name of names) await uploadByApi(token, name, await photo(64, 48));
    await page.setViewportSize({ width: 1000, height: 640 });
    await page.goto('/pages/add');
    const { image } = await heroSlideImage(page);
    const opener = image.getByRole('button', { name: 'Choose image' });
    await opener.focus();
    // At the window's foot: the image picked shows above the button and pushes it further down.
    await opener.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose the image' });
    const search = dialog.getByRole('searchbox', { name: 'Search the library' });
    await search.fill(`grid-${tag}`);
    const grid = dialog.getByRole('grid', { name: 'Library images' });
    await expect.poll(() => grid.getByRole('row').count()).toBe(names.length);
    const inGrid = () => page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null);
    for (let step = 0; step < 4 && !(await inGrid()); step += 1) await page.keyboard.press('Tab');
    expect(await inGrid()).toBe(true);
    // The search stays in view below the dialog's title while the grid scrolls in its own box, and
    // the focused tile's ring (2px, 2px out) shows whole within that box.
    const seen = () =>
      page.evaluate(() => {
        const box = (element: Element | null | undefined) => element?.getBoundingClientRect();
        const field = box(document.querySelector('[role="dialog"] input[type="search"]'));
        const title = box(document.querySelector('[role="dialog"] [slot="title"]'));
        const tile = box(document.activeElement?.closest('[role="row"]'));
        const grid = document.querySelector('[role="grid"]');
        const room = box(grid);
        return {
          searchShown: Boolean(field && title && field.top >= title.bottom),
          ringShown: Boolean(
            tile &&
              room &&
              tile.top - 4 >= room.top &&
              tile.bottom + 4 <= room.bottom &&
              tile.left - 4 >= room.left,
          ),
          gridScrolls: grid ? grid.scrollHeight > grid.clientHeight : false,
        };
      });
    const shown = { searchShown: true, ringShown: true, gridScrolls: true };
    expect(await seen()).toEqual(shown);
    await page.keyboard.press('End');
    await expect.poll(seen).toEqual(shown);
    await page.keyboard.press('Space');
    await dialog.getByText(/^Chosen: /).waitFor();
    await dialog.getByRole('button', { name: 'Use image' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the field's button, and the page shows it.
    const replace = image.getByRole('button', { name: 'Replace image' });
    await focusReaches(replace);
    await expect
      .poll(() =>
        replace.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
  });

  it('uploads into the library from the dialog, says why a file is refused, and Escape returns focus to the field', async () => {
    await page.goto('/pages/add');
    await choose(page, 'Block type', 'Image gallery');
    await page.getByRole('button', { name: 'Add block' }).click();
    await block(page, 'Image gallery').getByRole('button', { name: 'Edit Image gallery' }).click();
    const editor = page.getByRole('region', { name: 'Edit Image gallery' });
    const images = editor.getByRole('group', { name: 'Images', exact: true });
    const opener = images.getByRole('button', { name: 'Choose images' });

    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Choose images' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReaches(opener);

    await opener.click();
    await dialog.waitFor();
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles([
      { name: `brochure-${run}.png`, mimeType: 'image/png', buffer: Buffer.from('plain text, not an image') },
      { name: `front-${run}.png`, mimeType: 'image/png', buffer: await photo(800, 600) },
      { name: `side-${run}.png`, mimeType: 'image/png', buffer: await photo(800, 600) },
    ]);
    const uploads = dialog.getByRole('list', { name: 'Uploads' });
    await uploads
      .getByRole('listitem')
      .filter({ hasText: `side-${run}.png` })
      .getByText('Uploaded')
      .waitFor();
    expect(
      await uploads
        .getByRole('listitem')
        .filter({ hasText: `brochure-${run}.png` })
        .getByRole('status')
        .textContent(),
    ).not.toMatch(/^Uploaded|Waiting/);
    // The stored files are chosen as they arrive; the refused one is not.
    await dialog.getByText(`Chosen: front-${run}.png, side-${run}.png`).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Use 2 images' }).click();
    await dialog.waitFor({ state: 'detached' });
    await focusReaches(opener);
    await images.getByText(`front-${run}.png`, { exact: true }).waitFor();
    await images.getByText(`side-${run}.png`, { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // Removing one puts focus on the next image's Remove button.
    await images.getByRole('button', { name: `Remove front-${run}.png` }).click();
    const removeSide = images.getByRole('button', { name: `Remove side-${run}.png` });
    await focusReaches(removeSide);
  });
});
