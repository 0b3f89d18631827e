import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { MediaItem } from '@/api/contract/media';
import { apiRequest, apiToken, createUser, deleteForGood, READ_ONLY_ROLE, uniqueToken } from './api';
import {
  awaitedLater,
  chooseOption,
  descriptionOf,
  field,
  focusReaches,
  hasChromium,
  launchBrowser,
  measureReflow,
  SharedSignIn,
  signedInPage,
  successToasts,
} from './browser';
import { baseURL } from './server';

/** A real PNG of one colour: its bytes (and so its SHA-256) differ with the colour. */
async function png(width: number, height: number): Promise<Buffer> {
  const channel = () => Math.floor(Math.random() * 256);
  return sharp({
    create: { width, height, channels: 3, background: { r: channel(), g: channel(), b: channel() } },
  })
    .png()
    .toBuffer();
}

interface Picked {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function uploadByApi(token: string, file: Picked): Promise<MediaItem> {
  const body = new FormData();
  body.append('files[]', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
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

describe.skipIf(!hasChromium)('media library', () => {
  let browser: Browser;
  const signedIn = new SharedSignIn(() => browser);
  let page: Page;
  let token: string;
  const run = uniqueToken();
  const made: number[] = [];
  const users: number[] = [];

  let uploads = 0;
  /** A picture named after `label` and the run, and numbered, so a test tried again never meets its first try's. */
  async function image(label: string, width = 400, height = 300): Promise<Picked> {
    uploads += 1;
    return {
      name: `${label}-${run}-${uploads}.png`,
      mimeType: 'image/png',
      buffer: await png(width, height),
    };
  }

  async function stored(label: string): Promise<MediaItem> {
    const item = await uploadByApi(token, await image(label));
    made.push(item.id);
    return item;
  }

  /** Types a search and waits until its answer is drawn. */
  async function search(text: string): Promise<void> {
    const answered = awaitedLater(
      page.waitForResponse(
        (r) => r.url().includes('/api/media?') && new URL(r.url()).searchParams.get('search') === text,
      ),
    );
    await page.getByRole('searchbox', { name: 'Search media' }).fill(text);
    await (await answered).finished();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  }

  const grid = () => page.getByRole('list', { name: 'Media' });
  const tile = (name: string) => grid().getByRole('button', { name });
  const total = () => page.getByRole('navigation', { name: 'Pagination' }).getByText(/^\d+ items?$/);
  const panel = (name: string) => page.getByRole('dialog', { name });

  async function open(name: string): Promise<Locator> {
    await tile(name).click();
    const dialog = panel(name);
    await field(dialog, 'Alt text').waitFor();
    return dialog;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
  });

  afterAll(async () => {
    if (token && made.length) {
      await apiRequest(token, 'POST', 'media/delete', { ids: made }).catch(() => undefined);
      await apiRequest(token, 'POST', 'media/forever', { ids: made }).catch(() => undefined);
    }
    if (token && users.length) await deleteForGood(token, 'users', { ids: users });
    await browser?.close();
  });

  beforeEach(async () => {
    page = await signedIn.page();
    await page.goto('/media');
    await page.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
  });

  it('uploads files by the picker, shows each one’s status and thumbnail, and stores the same file once', async () => {
    const first = await image('forecourt');
    const second = await image('showroom');
    const chooser = awaitedLater(page.waitForEvent('filechooser'));
    await page.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles([first, second]);

    const uploads = page.getByRole('list', { name: 'Uploads' });
    for (const file of [first, second])
      await expect
        .poll(() =>
          uploads.getByRole('listitem').filter({ hasText: file.name }).getByRole('status').textContent(),
        )
        .toBe('Uploaded');
    await expect.poll(() => successToasts(page).textContent()).toContain('Uploaded 2 of 2 files.');

    await search(run);
    expect(await total().textContent()).toBe('2 items');
    for (const file of [first, second]) {
      const thumbnail = tile(file.name).locator('img');
      // A tile shows the smallest WebP rendition (320 px wide), not the 400 px file as uploaded.
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
      expect(await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
        /\/media\/r\/[0-9a-f]{64}\/o-w320\.webp$/,
      );
      // Drawn in the tile's 4:3 box, not at the height of the file as uploaded.
      const box = await thumbnail.boundingBox();
      expect(box?.height).toBeCloseTo(((box?.width ?? 0) * 3) / 4, 0);
    }
    const ids = await page.evaluate(
      async (q) =>
        (
          await (
            await fetch(`/api/media?search=${q}`, {
              headers: { Authorization: `Bearer ${localStorage.getItem('console.token')}` },
            })
          ).json()
        ).media.data.map((m: { id: number }) => m.id) as number[],
      run,
    );
    made.push(...ids);

    // The same file again, by the keyboard this time: it points at the first upload.
    const again = awaitedLater(page.waitForEvent('filechooser'));
    await page.getByRole('button', { name: 'Upload files' }).focus();
    await page.keyboard.press('Enter');
    await (await again).setFiles([first]);
    await expect
      .poll(() =>
        uploads.getByRole('listitem').filter({ hasText: first.name }).getByRole('status').textContent(),
      )
      .toBe('Already in the library');
    await search(first.name);
    await search(run);
    await expect.poll(() => total().textContent()).toBe('2 items');
    expect(await grid().getByRole('listitem').count()).toBe(2);
  });

  it('finds items by name and by alt text', async () => {
    const named = await stored('bodyshop');
    const described = await stored('valet');
    const alt = `Valet bay ${run}`;
    await apiRequest(token, 'POST', `media/update/${described.id}`, { alt });

    await search(`bodyshop-${run}`);
    expect(await grid().getByRole('listitem').allTextContents()).toEqual([named.name]);
    await search(alt);
    expect(await grid().getByRole('listitem').allTextContents()).toEqual([described.name]);
    await search(`nothing-${run}`);
    await page.getByText('No media found').waitFor();
  });

  it('describes an item, sets its focal point by mouse and keyboard, and keeps them after a reload', async () => {
    const item = await stored('hero');
    await search(item.name);
    let dialog = await open(item.name);

    await field(dialog, 'Alt text').fill('A red hatchback on the forecourt');
    await field(dialog, 'Tags (comma separated)').fill('forecourt, red');

    const focal = dialog.getByRole('slider', { name: 'Focal point' });
    await expect
      .poll(() =>
        focal.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    const box = await focal.boundingBox();
    if (!box) throw new Error('the focal point has no box');
    await focal.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    expect(await focal.getAttribute('aria-valuetext')).toMatch(/^(24|25|26)% across, (74|75|76)% down$/);
    const clicked = (await focal.getAttribute('aria-valuetext')) ?? '';
    const [x, y] = (clicked.match(/\d+/g) ?? []).map(Number) as [number, number];

    // Keyboard: Shift+Arrow moves by a tenth, Arrow by a hundredth.
    await focal.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowUp');
    const moved = `${x + 20}% across, ${y - 1}% down`;
    expect(await focal.getAttribute('aria-valuetext')).toBe(moved);

    const saveButton = dialog.getByRole('button', { name: 'Save' });
    await saveButton.click();
    await expect.poll(() => successToasts(page).textContent()).toContain('Saved.');
    // Saving leaves focus in the panel, on what was pressed.
    await focusReaches(saveButton);

    // Closing the panel gives focus back to the tile that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReaches(tile(item.name));

    await page.reload();
    await search(item.name);
    dialog = await open(item.name);
    expect(await field(dialog, 'Alt text').inputValue()).toBe('A red hatchback on the forecourt');
    expect(await field(dialog, 'Tags (comma separated)').inputValue()).toBe('forecourt, red');
    expect(await dialog.getByRole('slider', { name: 'Focal point' }).getAttribute('aria-valuetext')).toBe(
      moved,
    );
    // The tile now reads its alt text.
    await page.keyboard.press('Escape');
    expect(await tile(item.name).locator('img').getAttribute('alt')).toBe('A red hatchback on the forecourt');
  });

  it('moves an item to the bin and restores it from there', async () => {
    const item = await stored('brochure');
    await search(item.name);
    const dialog = await open(item.name);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`${item.name} moves to the bin, where it can be restored.`).waitFor();
    await confirm.getByRole('button', { name: 'Yes please' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No media found').waitFor();
    // The tile that opened the panel is gone: focus goes to the search, not to the page's body.
    const searchbox = page.getByRole('searchbox', { name: 'Search media' });
    await focusReaches(searchbox);

    await page.getByText('Bin', { exact: true }).click();
    const binned = await open(item.name);
    await binned.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => successToasts(page).textContent()).toMatch(/restored/i);
    await binned.getByRole('button', { name: 'Delete forever' }).waitFor({ state: 'detached' });
    // The Restore button is gone with the item back in the library: focus stays in the panel, on
    // the first of its actions, so Escape still closes it.
    await focusReaches(binned.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Escape');
    await binned.waitFor({ state: 'detached' });
    await page.getByText('Bin', { exact: true }).click();
    await tile(item.name).waitFor();
  });

  it('deletes a binned item for good only once the confirm is answered', async () => {
    const item = await stored('forever');
    await apiRequest(token, 'POST', 'media/delete', { ids: [item.id] });
    await page.getByText('Bin', { exact: true }).click();
    await search(item.name);
    const dialog = await open(item.name);
    const forever = dialog.getByRole('button', { name: 'Delete forever' });
    await forever.click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(`${item.name} is deleted for good, with its file. This cannot be undone.`)
      .waitFor();
    await confirm.getByRole('button', { name: 'No thanks' }).click();
    await confirm.waitFor({ state: 'detached' });
    await focusReaches(forever);
    expect((await apiRequest<{ data: MediaItem }>(token, 'GET', `media/show/${item.id}`)).data.id).toBe(
      item.id,
    );

    await forever.click();
    await confirm.getByRole('button', { name: 'Yes please' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => successToasts(page).textContent()).toContain('for good');
    await page.getByText('The bin is empty').waitFor();
  });

  it('files an upload made with every folder shown at the group’s own level', async () => {
    const file = await image('group-level');
    const chooser = awaitedLater(page.waitForEvent('filechooser'));
    await page.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles([file]);
    await expect.poll(() => successToasts(page).textContent()).toContain('Uploaded 1 of 1 file.');
    const found = await apiRequest<{ media: { data: MediaItem[] } }>(
      token,
      'GET',
      `media?search=${encodeURIComponent(file.name)}`,
    );
    made.push(...found.media.data.map((m) => m.id));
    expect(found.media.data.map((m) => m.folder_id)).toEqual([null]);
  });

  it('goes back to the first page when Bin or Unused is ticked', async () => {
    // One more than a page holds, all found by one search, and one more in the bin.
    const items: MediaItem[] = [];
    for (let n = 0; n < 42; n++) items.push(await uploadByApi(token, await image('paged', 8, 6)));
    made.push(...items.map((item) => item.id));
    await apiRequest(token, 'POST', 'media/delete', { ids: [items[0]!.id] });
    await search(`paged-${run}`);
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    await next.click();
    await page.getByText('Page 2 of 2').waitFor();
    // None of them is used anywhere: Unused finds them all again, from their first page.
    await page.getByText('Unused', { exact: true }).click();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByText('Unused', { exact: true }).click();
    await next.click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByText('Bin', { exact: true }).click();
    await tile(items[0]!.name).waitFor();
    await page.getByText('Page 1 of 1').waitFor();
  });

  it('adds a folder in a dialog that says what is missing and gives focus back', async () => {
    const add = page.getByRole('button', { name: 'Add folder' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add folder' });
    const name = field(dialog, 'Folder name');
    await focusReaches(name);

    await dialog.getByRole('button', { name: 'Add folder' }).click();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(name)).toContain('Enter a name.');

    // Escape gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReaches(add);

    await page.keyboard.press('Enter');
    await name.waitFor();
    const folder = `Campaigns ${run}`;
    await name.fill(folder);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => successToasts(page).textContent()).toContain('Folder added.');
    await focusReaches(add);
    await chooseOption(page, 'Folder', folder);
  });

  it('shows a Read only user the library without Upload, Add folder or Delete', async () => {
    const item = await stored('readonly');
    const email = `media-reader-${run}@example.com`;
    users.push(await createUser(token, { name: `Media Reader ${run}`, email, role_id: READ_ONLY_ROLE }));
    page = await signedInPage(browser, email, 'Forecourt-Pass-2024');
    const reader = page.context();
    onTestFinished(() => reader.close());
    await page.goto('/media');
    await page.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
    await search(item.name);
    await tile(item.name).waitFor();
    expect(await page.getByRole('button', { name: 'Upload files' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add folder' }).count()).toBe(0);
    const dialog = await open(item.name);
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await field(dialog, 'Alt text').isDisabled()).toBe(true);
  });

  it('fits a 320 px wide window without scrolling sideways', async () => {
    await stored('narrow');
    await page.setViewportSize({ width: 320, height: 800 });
    await search(run);
    await grid().getByRole('listitem').first().waitFor();
    expect((await measureReflow(page)).documentOverflow).toBeNull();
  });
});
