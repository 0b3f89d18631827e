import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageItem } from '@/api/contract/blocks';
import type { BuilderItem } from '@/api/contract/builder';
import { PAGE_BLOCKS } from '@/shared/catalogue';
import { blankItem } from '@/shared/items';
import { apiToken, createPage, uniqueToken } from './api';
import { hasChromium, keyboardDragReady, launchBrowser, SharedSignIn } from './browser';

const BLOCKS = 1000;

/** `count` blocks of the page types in turn, named 'Block 1', 'Block 2'... */
function longPage(count: number): PageItem[] {
  const types = Object.entries(PAGE_BLOCKS) as [string, BuilderItem][];
  return Array.from({ length: count }, (_, i) => {
    const [index, definition] = types[i % types.length] as [string, BuilderItem];
    return { ...blankItem(index, definition), name: `Block ${i + 1}` };
  });
}

const blocks = (page: Page) => page.getByRole('list', { name: 'Blocks' });

/** The accessible name of what has focus. */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

/** The names of the blocks in the document, in order. */
const listedNames = (page: Page) =>
  blocks(page)
    .locator(':scope > li[data-key]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));

describe.skipIf(!hasChromium)('the block builder on a page of 1,000 blocks', () => {
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

  const openLongPage = async () => {
    const id = await createPage(token, `Long page ${uniqueToken()}`, { items: longPage(BLOCKS) });
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('button', { name: 'Edit Block 1', exact: true }).waitFor();
  };

  it('lists the blocks near the view with their place in the page, and reaches and opens the last by keyboard', async () => {
    await openLongPage();
    await expect(page.getByRole('heading', { name: `Blocks (${BLOCKS})` }).isVisible()).resolves.toBe(true);
    const listed = await listedNames(page);
    // Only some rows are in the document: the first ones, in view, and the last.
    expect(listed.length).toBeLessThan(100);
    expect(listed.slice(0, 3)).toEqual(['Block 1', 'Block 2', 'Block 3']);
    expect(listed.at(-1)).toBe(`Block ${BLOCKS}`);
    const last = blocks(page).getByRole('listitem', { name: `Block ${BLOCKS}`, exact: true });
    expect(await last.getAttribute('aria-posinset')).toBe(String(BLOCKS));
    expect(await last.getAttribute('aria-setsize')).toBe(String(BLOCKS));

    // Back from the block type: the last block's controls, then its Edit, which opens it.
    await page.getByRole('button', { name: /Block type/ }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe(`Remove Block ${BLOCKS}`);
    for (let press = 0; press < 6 && (await focused(page)) !== `Edit Block ${BLOCKS}`; press++)
      await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe(`Edit Block ${BLOCKS}`);
    await page.keyboard.press('Enter');
    const editor = page.getByRole('region', { name: `Edit Block ${BLOCKS}` });
    await editor.waitFor();
    await expect.poll(() => editor.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    expect(await editor.isVisible()).toBe(true);

    // Tab goes on past the blocks in view: from the open block back up, block by block. Cancel is
    // pressed from the keyboard, as the rest of this walk is: a click scrolls it into view first,
    // and the rows that scroll brings in can move it from under the pointer.
    await page.getByRole('button', { name: 'Cancel', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe(`Edit Block ${BLOCKS}`);
    const seen = new Set<string>();
    for (let press = 0; press < 500 && !seen.has('Edit Block 960'); press++) {
      await page.keyboard.press('Shift+Tab');
      seen.add(String(await focused(page)));
    }
    const edits = Array.from({ length: 40 }, (_, i) => `Edit Block ${960 + i}`);
    expect(edits.filter((name) => !seen.has(name))).toEqual([]);
  });

  it('moves focus to the block in the place of one removed far down the list, and to a block added at the end', async () => {
    await openLongPage();
    // Half way down the page: a block there, by what the list shows once scrolled.
    await blocks(page).evaluate((list) => {
      let scroller = list.parentElement;
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
        scroller = scroller.parentElement;
      (scroller ?? document.documentElement).scrollTop += list.getBoundingClientRect().height / 2;
    });
    await expect
      .poll(async () => (await listedNames(page)).some((name) => /^Block (4|5|6)\d\d$/.test(name)))
      .toBe(true);
    const middle = (await listedNames(page)).find((name) => /^Block (4|5|6)\d\d$/.test(name)) as string;
    const number = Number(middle.replace('Block ', ''));
    await page.getByRole('button', { name: `Remove ${middle}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe(`Edit Block ${number + 1}`);
    await expect
      .poll(() => page.locator('[data-announcer]').textContent())
      .toContain(`${middle} removed. Undo brings it back.`);
    await page.getByRole('heading', { name: `Blocks (${BLOCKS - 1})` }).waitFor();
    expect(await listedNames(page)).not.toContain(middle);

    // The last block removed: focus goes to the one before it.
    await page.getByRole('button', { name: `Remove Block ${BLOCKS}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe(`Edit Block ${BLOCKS - 1}`);

    // A block added goes last, far below the view, and takes focus there.
    await page.getByRole('button', { name: /Block type/ }).click();
    await page.getByRole('option', { name: 'Video', exact: true }).click();
    await page.getByRole('button', { name: 'Add block' }).click();
    await expect.poll(() => focused(page)).toBe('Edit Video');
    expect(await page.getByRole('button', { name: 'Edit Video' }).isVisible()).toBe(true);
  });

  it('keeps an open block, what was typed in it and the focus while the list scrolls far away, and drags a block by keyboard', async () => {
    await openLongPage();
    await page.getByRole('button', { name: 'Edit Block 2', exact: true }).click();
    const editor = page.getByRole('region', { name: 'Edit Block 2' });
    const name = editor.getByRole('textbox', { name: /Block name/ });
    await name.fill('Block 2 retitled');
    const scrollTo = (where: 'end' | 'start') =>
      blocks(page).evaluate((list, where) => {
        let scroller = list.parentElement;
        while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
          scroller = scroller.parentElement;
        const box = scroller ?? document.documentElement;
        box.scrollTop = where === 'end' ? box.scrollHeight : 0;
      }, where);
    await scrollTo('end');
    await expect.poll(async () => (await listedNames(page)).includes('Block 990')).toBe(true);
    expect(await name.inputValue()).toBe('Block 2 retitled');
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    await scrollTo('start');
    // What was typed is a change: Cancel asks before it goes.
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await editor.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Drag Block 1', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.locator('li[data-dragging]').waitFor();
    await keyboardDragReady(page);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.locator('[id^=DndLiveRegion]').textContent())
      .toBe(`Block 1 moved to position 2 of ${BLOCKS}.`);
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await listedNames(page)).slice(0, 3))
      .toEqual(['Block 2', 'Block 1', 'Block 3']);
  });

  it('previews only the blocks near the preview’s view, with the block being edited in view, and the last ones at its end', async () => {
    await openLongPage();
    const toggle = page.getByRole('button', { name: 'Preview', exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    const frame = page.frameLocator('iframe[title="Page preview"]');
    const shown = frame.locator('[data-preview-key]');
    await shown.first().waitFor();
    const keysShown = () =>
      shown.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-preview-key')));
    await expect.poll(async () => (await keysShown()).length).toBeGreaterThan(2);
    expect((await keysShown()).length).toBeLessThan(60);

    // A block half way down the page opened: the preview shows it, and still only a few blocks.
    await blocks(page).evaluate((list) => {
      let scroller = list.parentElement;
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
        scroller = scroller.parentElement;
      (scroller ?? document.documentElement).scrollTop += list.getBoundingClientRect().height / 2;
    });
    await expect
      .poll(async () => (await listedNames(page)).some((name) => /^Block (4|5|6)\d\d$/.test(name)))
      .toBe(true);
    const middle = (await listedNames(page)).find((name) => /^Block (4|5|6)\d\d$/.test(name)) as string;
    const key = await blocks(page)
      .getByRole('listitem', { name: middle, exact: true })
      .getAttribute('data-key');
    await page.getByRole('button', { name: `Edit ${middle}`, exact: true }).click();
    const edited = frame.locator(`[data-preview-key="${key}"]`);
    const inView = () =>
      edited.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const view = element.ownerDocument.defaultView as Window;
        return box.bottom >= 0 && box.top <= view.innerHeight;
      });
    await expect.poll(() => edited.count()).toBe(1);
    await expect.poll(inView).toBe(true);
    expect((await keysShown()).length).toBeLessThan(60);

    // The preview scrolled to its end shows the page's last blocks.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await blocks(page).evaluate((list) => {
      let scroller = list.parentElement;
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
        scroller = scroller.parentElement;
      const box = scroller ?? document.documentElement;
      box.scrollTop = box.scrollHeight;
    });
    const lastNames = Array.from({ length: 5 }, (_, i) => `Block ${BLOCKS - 4 + i}`);
    await expect
      .poll(async () => {
        const listed = await listedNames(page);
        return lastNames.every((name) => listed.includes(name));
      })
      .toBe(true);
    const lastKeys = await Promise.all(
      lastNames.map((name) =>
        blocks(page).getByRole('listitem', { name, exact: true }).getAttribute('data-key'),
      ),
    );
    await frame
      .locator('html')
      .evaluate((html) => html.ownerDocument.defaultView?.scrollTo(0, html.scrollHeight));
    await expect
      .poll(async () => {
        const now = await keysShown();
        return lastKeys.filter((last) => !now.includes(last));
      })
      .toEqual([]);
    expect((await keysShown()).length).toBeLessThan(60);
  });
});
