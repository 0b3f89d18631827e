import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page as StoredPage } from '@/api/contract/pages';
import { apiRequest, apiToken, createPage, heroBlock, uniqueToken } from './api';
import {
  awaitedLater,
  descriptionOf,
  errorToasts,
  field,
  focusReaches,
  hasChromium,
  keyboardDragReady,
  launchBrowser,
  SharedSignIn,
  signedInPage,
  successToasts,
} from './browser';

const EDITING_LOCK = 'Please finish editing your item before saving.';

/** A select's button is named by its value, then its label ('Yes Published'). */
function selectButton(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`(^|\\s)${label}\\s*\\*?$`) });
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await selectButton(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const blocks = (page: Page) => page.getByRole('list', { name: 'Blocks' });
const block = (page: Page, name: string) => blocks(page).getByRole('listitem', { name, exact: true });

async function blockNames(page: Page): Promise<string[]> {
  return blocks(page)
    .locator(':scope > li')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
}

async function addBlock(page: Page, type: string): Promise<void> {
  await choose(page, page, 'Block type', type);
  await page.getByRole('button', { name: 'Add block' }).click();
}

/** The entries of a repeatable section in an open block editor. */
const entries = (editor: Locator, section: string) =>
  editor.getByRole('list', { name: section, exact: true }).locator(':scope > li');

/** Whether each entry is expanded, as its toggle says. */
async function expandedEntries(editor: Locator, section: string): Promise<boolean[]> {
  return entries(editor, section)
    .locator('button[aria-expanded]')
    .evaluateAll((toggles) => toggles.map((toggle) => toggle.getAttribute('aria-expanded') === 'true'));
}

/** One text field of every expanded entry, in the order shown. */
async function entryValues(editor: Locator, section: string, label: string): Promise<string[]> {
  const values: string[] = [];
  for (const entry of await entries(editor, section).all())
    values.push(await field(entry, label).inputValue());
  return values;
}

/** A PNG of a random colour: its bytes differ from every other upload's, so the library keeps its name. */
function onePng(): Promise<Buffer> {
  const channel = () => Math.floor(Math.random() * 256);
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: channel(), g: channel(), b: channel() } },
  })
    .png()
    .toBuffer();
}

/** A file field's files, by name, as listed under it. */
async function fileNames(group: Locator): Promise<string[]> {
  return group.locator('li').allInnerTexts();
}

describe.skipIf(!hasChromium)('the block builder', () => {
  let browser: Browser;
  const signedIn = new SharedSignIn(() => browser);
  let page: Page;
  let token: string;
  let brandId: number;
  let brandName: string;

  const makePage = (name: string, extra: Record<string, unknown> = {}) =>
    createPage(token, name, { brand_id: brandId, ...extra });

  const stored = async (id: number) =>
    (await apiRequest<{ data: StoredPage }>(token, 'GET', `pages/edit?id=${id}`)).data;

  /** Saves the new page on screen, waits for the spec's toast and the pages list, answers its id. */
  const saveNewPage = async (name: string): Promise<number> => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully added page!').waitFor();
    await page.waitForURL(/\/pages$/);
    const hits = await apiRequest<{ data: { id: number; name: string }[] }>(
      token,
      'GET',
      `pages/search?search=${encodeURIComponent(name)}`,
    );
    return hits.data.find((hit) => hit.name === name)!.id;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
    const brands = await apiRequest<{ brands: { data: { id: number; name: string }[] } }>(
      token,
      'GET',
      'brands?perPage=-1',
    );
    brandId = brands.brands.data[0]!.id;
    brandName = brands.brands.data[0]!.name;
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await signedIn.page();
  });

  it('adds blocks, fills every field type, reorders by button and keyboard, hides, saves and reads back what was saved', async () => {
    const name = `Builder ${uniqueToken()}`;
    await page.goto('/pages/add');
    await page.getByRole('heading', { name: 'Add Page' }).waitFor();
    await choose(page, page, 'Brand', brandName);
    await field(page, 'Name').fill(name);
    // The slug follows the name, read-only.
    await expect.poll(() => field(page, 'Slug').inputValue()).toBe(name.toLowerCase().replace(/\s+/g, '-'));
    expect(await field(page, 'Slug').getAttribute('readonly')).not.toBeNull();
    await field(page, 'Meta title').fill('Meta of the page');
    await field(page, 'Meta description').fill('What the page is about');

    await addBlock(page, 'Offers');
    await addBlock(page, 'Image gallery');
    await addBlock(page, 'Rich text');
    expect(await blockNames(page)).toEqual(['Offers', 'Image gallery', 'Rich text']);

    // Offers: text, trix, and a repeatable entry with text, files, textarea and date.
    await block(page, 'Offers').getByRole('button', { name: 'Edit Offers' }).click();
    const editor = page.getByRole('region', { name: 'Edit Offers' });
    await expect
      .poll(() => page.getByRole('button', { name: 'Save', exact: true }).first().isDisabled())
      .toBe(true);
    await field(editor.getByRole('group', { name: 'Introduction' }), 'Title').fill('Spring offers');
    const description = editor.getByRole('textbox', { name: 'Description' });
    await description.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Save on every model');
    await editor.getByRole('button', { name: 'Add offer' }).click();
    const entry = editor.getByRole('list', { name: 'Offers' }).getByRole('listitem').first();
    await field(entry, 'Title').fill('Half price servicing');
    await field(entry, 'Price').fill('£99');
    await field(entry, 'Terms').fill('Ends soon.\nSome exclusions.');
    await field(entry, 'Ends on').fill('2026-12-31');
    // The offer's image is uploaded into the library from the picker, and chosen as it arrives.
    const image = entry.getByRole('group', { name: 'Image', exact: true });
    await image.getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the image' });
    await picker
      .locator('input[type="file"]')
      .setInputFiles({ name: 'offer.png', mimeType: 'image/png', buffer: await onePng() });
    await picker.getByText('Chosen: offer.png').waitFor();
    await picker.getByRole('button', { name: 'Use image' }).click();
    await picker.waitFor({ state: 'detached' });
    await image.getByText('offer.png', { exact: true }).waitFor();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'detached' });

    // Image gallery: a select.
    await block(page, 'Image gallery').getByRole('button', { name: 'Edit Image gallery' }).click();
    const gallery = page.getByRole('region', { name: 'Edit Image gallery' });
    await field(gallery, 'Title').fill('Showroom');
    await choose(page, gallery, 'Columns', 'Three');
    await gallery.getByRole('button', { name: 'Save', exact: true }).click();
    await gallery.waitFor({ state: 'detached' });

    // Reorder: a move button, then the drag handle from the keyboard (Space, arrow, Space).
    await block(page, 'Rich text').getByRole('button', { name: 'Move Rich text up' }).click();
    expect(await blockNames(page)).toEqual(['Offers', 'Rich text', 'Image gallery']);
    // Moved to the top from the keyboard, its Move up is disabled: focus stays with the block, on
    // its Move down, and Enter takes it back.
    await block(page, 'Rich text').getByRole('button', { name: 'Move Rich text up' }).press('Enter');
    await expect.poll(() => blockNames(page)).toEqual(['Rich text', 'Offers', 'Image gallery']);
    await focusReaches(block(page, 'Rich text').getByRole('button', { name: 'Move Rich text down' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => blockNames(page)).toEqual(['Offers', 'Rich text', 'Image gallery']);
    await block(page, 'Offers').getByRole('button', { name: 'Drag Offers' }).focus();
    await page.keyboard.press('Space');
    await page.locator('li[data-dragging]').waitFor();
    await keyboardDragReady(page);
    await page.keyboard.press('ArrowDown');
    // Where the block is now is announced by its name and place, not by dnd-kit's ids.
    await expect
      .poll(() => page.locator('[id^=DndLiveRegion]').textContent())
      .toBe('Offers moved to position 2 of 3.');
    await page.keyboard.press('Space');
    await expect.poll(() => blockNames(page)).toEqual(['Rich text', 'Offers', 'Image gallery']);

    await block(page, 'Image gallery').getByRole('button', { name: 'Hide Image gallery' }).click();
    await block(page, 'Image gallery').getByText('Hidden', { exact: true }).waitFor();

    const id = await saveNewPage(name);
    const saved = await stored(id);
    expect(saved.brand_id).toBe(brandId);
    expect(saved.meta).toEqual({ title: 'Meta of the page', description: 'What the page is about' });
    expect(saved.items.map((item) => [item.index, item.hidden])).toEqual([
      ['rich_text', false],
      ['offers', false],
      ['gallery', true],
    ]);
    const offers = saved.items[1]!;
    expect(offers.sections.intro?.fields.title).toBe('Spring offers');
    expect(offers.sections.intro?.fields.description).toContain('Save on every model');
    const stored0 = offers.sections.offers?.entries[0]?.fields;
    expect(stored0).toMatchObject({
      title: 'Half price servicing',
      price: '£99',
      terms: 'Ends soon.\nSome exclusions.',
      ends_at: '2026-12-31',
    });
    expect(stored0?.image).toEqual([{ media_id: expect.any(Number) }]);
    expect(saved.items[2]!.sections.content?.fields).toMatchObject({ title: 'Showroom', columns: '3' });

    // Reopened, the builder shows what was saved, and saving unchanged keeps it exactly.
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    expect(await blockNames(page)).toEqual(['Rich text', 'Offers', 'Image gallery']);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully updated page!').waitFor();
    const again = await stored(id);
    expect(again.items).toEqual(saved.items);
  });

  it("saves a change to one of the group's own pages, which has no brand", async () => {
    const hits = await apiRequest<{ data: { id: number; name: string }[] }>(
      token,
      'GET',
      'pages/search?search=About%20Us',
    );
    const aboutUs = hits.data.find((hit) => hit.name === 'About Us')!;
    expect((await stored(aboutUs.id)).brand_id).toBeNull();
    await page.goto(`/pages/edit/${aboutUs.id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    await expect.poll(() => page.title()).toBe('About Us · Edit page · Dealership Console');
    const description = `Who we are, since ${uniqueToken()}.`;
    await field(page, 'Meta description').fill(description);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully updated page!').waitFor();
    expect(await page.getByText('Choose a brand.').count()).toBe(0);
    const after = await stored(aboutUs.id);
    expect(after.meta.description).toBe(description);
    expect(after.brand_id).toBeNull();
  });

  it('keeps focus on something meaningful while a block is added, opened, saved and cancelled by keyboard', async () => {
    await page.goto('/pages/add');
    await page.getByRole('heading', { name: 'Add Page' }).waitFor();
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
      );
    await addBlock(page, 'Video');
    // The new block: focus on its Edit, ready to open it.
    await expect.poll(focused).toBe('Edit Video');
    await page.keyboard.press('Enter');
    const editor = page.getByRole('region', { name: 'Edit Video' });
    await editor.waitFor();
    // Open: focus in the editor, on its first field.
    await expect.poll(() => editor.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await editor.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached' });
    // Closed: back on the block's Edit, never the page's body.
    await expect.poll(focused).toBe('Edit Video');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('Edit Video');
  });

  it('disables saving while a block is open, with the reason in a tooltip', async () => {
    await page.goto('/pages/add');
    await addBlock(page, 'Video');
    await block(page, 'Video').getByRole('button', { name: 'Edit Video' }).click();
    const save = page.getByRole('button', { name: 'Save', exact: true }).first();
    expect(await save.getAttribute('aria-disabled')).toBe('true');
    // The reason shows on keyboard focus, as it does for anyone tabbing to the button.
    await page.keyboard.press('Tab');
    await save.focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(EDITING_LOCK);
    // Pressing it while the block is open saves nothing.
    await save.click({ force: true });
    expect(await successToasts(page).getByText(/./).count()).toBe(0);
    await page.getByRole('region', { name: 'Edit Video' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await save.getAttribute('aria-disabled')).toBeNull();
  });

  it('shows a locked page without structural controls and says whom to ask', async () => {
    const id = await makePage(`Locked ${uniqueToken()}`, { locked: 1 });
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    await page.getByText(/contact an administrator for structural changes/).waitFor();
    expect(await page.getByRole('button', { name: 'Add block' }).count()).toBe(0);
    expect(await selectButton(page, 'Locked').count()).toBe(0);
    expect(await selectButton(page, 'Child template').count()).toBe(0);
  });

  it('shows the 422 field errors under their fields and keeps what was typed', async () => {
    await page.goto('/pages/add');
    await field(page, 'Name').fill('No brand yet');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText(/./).first().waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('No brand yet');
    await page.getByRole('region', { name: 'Page settings' }).getByText('Enter a meta title.').waitFor();
    expect(await errorToasts(page).getByText(/./).count()).toBe(0);
    // Focus leaves Save for a summary of what to fix, whose entries lead to their fields.
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await focusReaches(summary);
    await summary.getByRole('button', { name: 'Enter a meta title.' }).click();
    await focusReaches(field(page, 'Meta title'));
    // Fixed, the field's error goes as it changes; the fields not yet fixed keep theirs.
    const settings = page.getByRole('region', { name: 'Page settings' });
    await page.keyboard.type('A meta title');
    await page.keyboard.press('Tab');
    expect(await settings.getByText('Enter a meta title.').count()).toBe(0);
    expect(await field(page, 'Meta title').getAttribute('aria-invalid')).not.toBe('true');
    expect(await descriptionOf(field(page, 'Meta title'))).not.toContain('Enter a meta title.');
    expect(await settings.getByText('Enter a meta description.').count()).toBe(1);
    expect(await summary.getByRole('button', { name: 'Enter a meta title.' }).count()).toBe(0);
  });

  it("moves focus to a refused block's first invalid field, which reads its error", async () => {
    await page.goto('/pages/add');
    await addBlock(page, 'Rich text');
    await page.keyboard.press('Enter');
    const editor = page.getByRole('region', { name: 'Edit Rich text' });
    await field(editor, 'Block name').fill('');
    await editor.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await editor.getByText('Enter a block name.').waitFor();
    await focusReaches(field(editor, 'Block name'));
    expect(await descriptionOf(field(editor, 'Block name'))).toContain('Enter a block name.');
  });

  it("asks before a block's Cancel discards its changes, and closes at once when it has none", async () => {
    await page.goto('/pages/add');
    await addBlock(page, 'Hero banner');
    await page.keyboard.press('Enter');
    const editor = page.getByRole('region', { name: 'Edit Hero banner' });
    await editor.getByRole('button', { name: 'Add slide' }).click();
    await field(editor, 'Heading').fill('Spring offers');
    const cancel = editor.getByRole('button', { name: 'Cancel', exact: true });
    const prompt = page.getByRole('alertdialog', { name: 'Unsaved changes' });

    await cancel.focus();
    await page.keyboard.press('Enter');
    await prompt.getByText('Discard your changes to this block?').waitFor();
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });
    await focusReaches(cancel);
    expect(await field(editor, 'Heading').inputValue()).toBe('Spring offers');

    await page.keyboard.press('Enter');
    await prompt.getByRole('button', { name: 'Discard' }).click();
    await editor.waitFor({ state: 'detached' });
    await focusReaches(block(page, 'Hero banner').getByRole('button', { name: 'Edit Hero banner' }));

    // Opened again, the slide is gone; left as it is, Cancel closes without asking.
    await page.keyboard.press('Enter');
    expect(await entries(editor, 'Slides').count()).toBe(0);
    await cancel.click();
    await editor.waitFor({ state: 'detached' });
    expect(await prompt.count()).toBe(0);
  });

  it('on a conflict lets the editor save theirs over the newer version', async () => {
    const id = await makePage(`Conflict ${uniqueToken()}`);
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    const before = await stored(id);
    // The same account saves meanwhile, through the API.
    await apiRequest(token, 'POST', 'pages/update', {
      id,
      data: { ...before, meta: { title: 'Theirs', description: 'Theirs' } },
      updated_at: before.updated_at,
    });
    await field(page, 'Meta title').fill('Mine');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The other save was made with the same account: not someone else.
    const dialog = page.getByRole('dialog', { name: 'This page was saved in another tab meanwhile' });
    await dialog.waitFor();
    expect((await stored(id)).meta.title).toBe('Theirs');
    await dialog.getByRole('button', { name: 'Save mine over theirs' }).click();
    await successToasts(page).getByText('Successfully updated page!').waitFor();
    expect((await stored(id)).meta.title).toBe('Mine');
  });

  it('on a conflict lets the editor take the other version instead', async () => {
    const id = await makePage(`Theirs ${uniqueToken()}`);
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    const before = await stored(id);
    await apiRequest(token, 'POST', 'pages/update', {
      id,
      data: { ...before, meta: { title: 'Theirs', description: 'Theirs' } },
      updated_at: before.updated_at,
    });
    await field(page, 'Meta title').fill('Mine');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The other save was made with the same account: not someone else.
    const dialog = page.getByRole('dialog', { name: 'This page was saved in another tab meanwhile' });
    await dialog.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => field(page, 'Meta title').inputValue()).toBe('Theirs');
    expect((await stored(id)).meta.title).toBe('Theirs');
  });

  it('asks before leaving with unsaved changes', async () => {
    await page.goto('/pages/add');
    await field(page, 'Meta title').fill('Not saved');
    // From the keyboard too, focus starts on the safe choice, as on every other form.
    await page.getByRole('link', { name: 'Go back' }).focus();
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await focusReaches(prompt.getByRole('button', { name: 'Stay' }));
    await page.keyboard.press('Enter');
    await prompt.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/pages/add');
    expect(await field(page, 'Meta title').inputValue()).toBe('Not saved');
    await page.getByRole('link', { name: 'Go back' }).click();
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/pages$/);
  });

  it('asks before leaving a block edited and not applied yet: Stay keeps what was typed, Leave goes', async () => {
    const id = await makePage(`Open block ${uniqueToken()}`, {
      items: [heroBlock('Opening', 'Opening title')],
    });
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page', level: 1 }).waitFor();
    await block(page, 'Opening').getByRole('button', { name: 'Edit Opening' }).click();
    const editor = page.getByRole('region', { name: 'Edit Opening' });
    await field(editor, 'Title').fill('Typed, not applied');

    await page.getByRole('link', { name: 'Go back' }).click();
    const prompt = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await prompt.getByText('Leave this page and lose them?').waitFor();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/pages/edit/${id}`);
    expect(await field(editor, 'Title').inputValue()).toBe('Typed, not applied');

    await page.getByRole('link', { name: 'Go back' }).click();
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/pages$/);
    expect((await stored(id)).items[0]?.sections.content?.fields.title).toBe('Opening title');
  });

  it("asks when the browser's Back would leave unsaved changes: Stay keeps them, Leave goes back", async () => {
    const name = `Back ${uniqueToken()}`;
    const id = await makePage(name);
    await page.goto('/pages');
    await page.getByRole('link', { name: `Edit Page: ${name}` }).click();
    await page.getByRole('heading', { name: 'Edit Page', level: 1 }).waitFor();
    const entries = await page.evaluate(() => history.length);
    await field(page, 'Meta title').fill('Not saved');

    await page.goBack();
    const prompt = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await prompt.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/pages/edit/${id}`);
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/pages/edit/${id}`);
    expect(await field(page, 'Meta title').inputValue()).toBe('Not saved');
    // Held up, Back left no entry behind: the history is as long as before.
    expect(await page.evaluate(() => history.length)).toBe(entries);

    await page.goBack();
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/pages$/);
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect((await stored(id)).meta.title).toBe(name);
  });

  it('starts a new form with the e-mail and thank-you defaults and saves it', async () => {
    const name = `Form ${uniqueToken()}`;
    await page.goto('/forms');
    await page.getByRole('link', { name: 'Add Form' }).click();
    await page.waitForURL(/\/forms\/add$/);
    await page.getByRole('heading', { name: 'Add Form' }).waitFor();
    expect(await field(page, 'Thank-you title').inputValue()).toBe('Thank you');
    expect(await selectButton(page, 'Send email').textContent()).toContain('Yes');
    expect(await selectButton(page, 'Email type').textContent()).toContain('Emails');
    expect(await selectButton(page, 'Published').textContent()).toContain('No');
    await field(page, 'Name').fill(name);
    await expect.poll(() => field(page, 'Handle').inputValue()).not.toBe('');
    await field(page, 'Meta title').fill('Form meta');
    await field(page, 'Meta description').fill('Form description');
    await field(page, 'Email subject').fill('New enquiry');
    await field(page, 'Email title').fill('Someone asked');
    await field(page, 'Email body').fill('Please reply.');
    await field(page, 'Email lists').fill('sales@example.com, service@example.com');
    await field(page, 'Thank-you description').fill('We will be in touch.');
    await addBlock(page, 'E-mail input');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully added form!').waitFor();
    await page.waitForURL(/\/forms$/);
    const forms = await apiRequest<{ data: { id: number; name: string }[] }>(token, 'GET', 'forms');
    const id = forms.data.find((form) => form.name === name)!.id;
    const form = (
      await apiRequest<{
        data: {
          emails: Record<string, unknown>;
          thank_you: Record<string, unknown>;
          items: { index: string }[];
        };
      }>(token, 'GET', `forms/edit?id=${id}`)
    ).data;
    expect(form.emails).toMatchObject({
      send_email: 1,
      email_type: 'emails',
      email_lists: ['sales@example.com', 'service@example.com'],
    });
    expect(form.thank_you).toEqual({ title: 'Thank you', description: 'We will be in touch.' });
    expect(form.items.map((item) => item.index)).toEqual(['input_email']);
  });

  it("builds a template, and a new child page starts from it with its parent's brand and lock", async () => {
    const name = `Template ${uniqueToken()}`;
    await page.goto('/templates');
    await page.getByRole('link', { name: 'Add Template' }).click();
    await page.waitForURL(/\/templates\/add$/);
    await page.getByRole('heading', { name: 'Add Template' }).waitFor();
    await field(page, 'Name').fill(name);
    await addBlock(page, 'Hero banner');
    await addBlock(page, 'Rich text');
    await block(page, 'Rich text').getByRole('button', { name: 'Edit Rich text' }).click();
    const editor = page.getByRole('region', { name: 'Edit Rich text' });
    await field(editor, 'Block name').fill('Introduction');
    await editor.getByRole('button', { name: 'Save' }).click();
    // The block's own Save is gone before the page's Save is the only one.
    await editor.waitFor({ state: 'detached' });
    await choose(page, page, 'Lock pages made from it', 'Yes');
    await choose(page, page, 'Pages made from it may hold children', 'Yes');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully added template!').waitFor();
    await page.waitForURL(/\/templates$/);
    const templates = await apiRequest<{ templates: { data: { id: number; name: string }[] } }>(
      token,
      'GET',
      `templates?search=${encodeURIComponent(name)}`,
    );
    const templateId = templates.templates.data.find((t) => t.name === name)!.id;
    const template = (
      await apiRequest<{ data: { items: { index: string; name: string }[]; lock_pages: number } }>(
        token,
        'GET',
        `templates/edit?id=${templateId}`,
      )
    ).data;
    expect(template.items.map((item) => [item.index, item.name])).toEqual([
      ['hero', 'Hero banner'],
      ['rich_text', 'Introduction'],
    ]);
    expect(template.lock_pages).toBe(1);

    const parent = await makePage(`Parent ${uniqueToken()}`, {
      child_template_id: templateId,
      is_allowed_children: 1,
    });
    await page.goto(`/pages/add/${parent}`);
    await page.getByRole('heading', { name: 'Add Child Page' }).waitFor();
    // The template and the parent's brand come with their own calls, after the heading.
    await expect.poll(() => blockNames(page)).toEqual(['Hero banner', 'Introduction']);
    await expect.poll(() => selectButton(page, 'Brand').textContent()).toContain(brandName);
    // Pages made from the template start locked: no structural changes.
    await page.getByText(/contact an administrator for structural changes/).waitFor();
    expect(await page.getByRole('button', { name: 'Add block' }).count()).toBe(0);
    const childName = `Child ${uniqueToken()}`;
    await field(page, 'Name').fill(childName);
    await field(page, 'Meta title').fill('Child meta');
    await field(page, 'Meta description').fill('Child description');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully added page!').waitFor();
    const children = await apiRequest<{ data: { id: number; name: string }[] }>(
      token,
      'GET',
      `pages/children?id=${parent}`,
    );
    const child = await stored(children.data.find((c) => c.name === childName)!.id);
    expect(child.items.map((item) => [item.index, item.name])).toEqual([
      ['hero', 'Hero banner'],
      ['rich_text', 'Introduction'],
    ]);
    expect([child.brand_id, child.locked, child.is_allowed_children]).toEqual([brandId, 1, 1]);
  });

  it('reorders blocks by dragging them with the pointer', async () => {
    await page.goto('/pages/add');
    await addBlock(page, 'Video');
    await addBlock(page, 'Call to action');
    await addBlock(page, 'FAQ');
    expect(await blockNames(page)).toEqual(['Video', 'Call to action', 'FAQ']);
    const handle = await block(page, 'Video').getByRole('button', { name: 'Drag Video' }).boundingBox();
    const target = await block(page, 'FAQ').boundingBox();
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle!.x + handle!.width / 2, target!.y + target!.height * 0.75, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => blockNames(page)).toEqual(['Call to action', 'FAQ', 'Video']);
  });

  it('keeps unsaved work in the browser, offers it back after a reload, and undoes a change', async () => {
    const id = await makePage(`Draft ${uniqueToken()}`);
    const original = (await stored(id)).meta.title;
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    await field(page, 'Meta title').fill('Kept in the browser');
    await page.waitForFunction(
      (key) => localStorage.getItem(key)?.includes('Kept in the browser'),
      `builder-draft:pages:edit:${id}`,
    );
    page.on('dialog', (dialog) => dialog.accept());
    await page.reload();
    const offer = page.getByRole('alert').filter({ hasText: 'You have unsaved changes from' });
    await offer.waitFor();
    // Until it is answered the offer has focus and the editor takes no input, so nothing typed is lost.
    await expect.poll(() => offer.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    expect(await field(page, 'Name').evaluate((input) => input.closest('[inert]') !== null)).toBe(true);
    // Save says why it waits: disabled with the reason in its tooltip, and the reason is read out
    // when it is pressed anyway; nothing is saved.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const waitReason = 'Restore or discard your unsaved changes before saving.';
    expect(await save.getAttribute('aria-disabled')).toBe('true');
    await save.focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(waitReason);
    await page.keyboard.press('Enter');
    await page
      .locator('[data-announcer]')
      .getByText(waitReason, { exact: true })
      .waitFor({ state: 'attached' });
    await offer.waitFor();
    expect((await stored(id)).meta.title).toBe(original);
    await offer.getByRole('button', { name: 'Restore them' }).focus();
    await page.keyboard.press('Enter');
    // The offer goes: focus goes on to the page's first field, and the outcome is said.
    await focusReaches(field(page, 'Name'));
    await page
      .locator('[data-announcer]')
      .getByText('Your unsaved changes are back.', { exact: true })
      .waitFor({ state: 'attached' });
    expect(await save.getAttribute('aria-disabled')).toBeNull();
    expect(await field(page, 'Name').evaluate((input) => input.closest('[inert]') !== null)).toBe(false);
    expect(await field(page, 'Meta title').inputValue()).toBe('Kept in the browser');
    expect((await stored(id)).meta.title).toBe(original);
    // Outside a text field, Ctrl/Cmd+Z undoes the builder's last change.
    await page.getByRole('heading', { name: /^Blocks/ }).click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => field(page, 'Meta title').inputValue()).toBe(original);
  });

  it('undoes and redoes with buttons that name their shortcuts and do nothing when there is nothing to do', async () => {
    const id = await makePage(`Undo ${uniqueToken()}`);
    const original = (await stored(id)).meta.title;
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    expect(await redo.getAttribute('aria-disabled')).toBe('true');

    await field(page, 'Meta title').fill('Changed by hand');
    await expect.poll(() => undo.getAttribute('aria-disabled')).toBeNull();
    await undo.focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toMatch(/^Undo \((Ctrl\+Z|⌘Z)\)$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => field(page, 'Meta title').inputValue()).toBe(original);
    // Nothing left to undo: the button says so and keeps focus; Redo brings the change back.
    await expect.poll(() => undo.getAttribute('aria-disabled')).toBe('true');
    await focusReaches(undo);
    await redo.click();
    await expect.poll(() => field(page, 'Meta title').inputValue()).toBe('Changed by hand');
    await expect.poll(() => redo.getAttribute('aria-disabled')).toBe('true');
  });

  it('copies a block in one tab and pastes it into a page in another', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/pages/add');
    await addBlock(page, 'Video');
    await block(page, 'Video').getByRole('button', { name: 'Copy Video' }).click();
    await successToasts(page).getByText('Copied Video.').waitFor();
    const target = await makePage(`Paste ${uniqueToken()}`);
    const other = await page.context().newPage();
    await other.goto(`/pages/edit/${target}`);
    await other.getByRole('button', { name: 'Paste blocks' }).click();
    await expect.poll(() => blockNames(other)).toEqual(['Video']);
    expect(await errorToasts(other).getByText(/./).count()).toBe(0);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(other).getByText('Successfully updated page!').waitFor();
    expect((await stored(target)).items.map((item) => item.index)).toEqual(['video']);
  });

  it("offers the configurables of the page's slug and saves their values", async () => {
    const hits = await apiRequest<{ data: { id: number; slug: string }[] }>(
      token,
      'GET',
      'pages/search?search=used-cars',
    );
    const id = hits.data.find((hit) => hit.slug === 'used-cars')!.id;
    await page.goto(`/pages/edit/${id}`);
    const group = page.getByRole('group', { name: 'Used cars' });
    await field(group, 'Disclaimer').fill('Prices include VAT.');
    await field(group, 'Sale ends on').fill('2026-06-30');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully updated page!').waitFor();
    expect((await stored(id)).configurables.used_cars).toMatchObject({
      route: 'used-cars',
      fields: { disclaimer: 'Prices include VAT.', sale_ends_at: '2026-06-30' },
    });
  });
  it('on a conflict copies the editor’s blocks aside, loads the other version and pastes them back', async () => {
    const id = await makePage(`Clash ${uniqueToken()}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    // The same account, signed in elsewhere, has the same page open and saves a block and a meta
    // title first: the title both change is what the merge cannot decide alone.
    const other = await signedInPage(browser);
    try {
      await other.goto(`/pages/edit/${id}`);
      await other.getByRole('heading', { name: 'Edit Page' }).waitFor();
      await addBlock(other, 'Video');
      await field(other, 'Meta title').fill('Theirs');
      await other.getByRole('button', { name: 'Save', exact: true }).click();
      await successToasts(other).getByText('Successfully updated page!').waitFor();
    } finally {
      await other.context().close();
    }

    await addBlock(page, 'Call to action');
    await addBlock(page, 'FAQ');
    await field(page, 'Meta title').fill('Mine');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'This page was saved in another tab meanwhile' });
    await dialog.getByRole('button', { name: 'Copy my version aside' }).click();
    await dialog
      .getByText('Your 2 blocks are copied: load their version, then use Paste blocks to bring yours back.', {
        exact: false,
      })
      .waitFor();
    expect((await stored(id)).items.map((item) => item.index)).toEqual(['video']);

    await dialog.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => blockNames(page)).toEqual(['Video']);
    // Their version is there to work on: the kept draft is not offered back over it.
    expect(await page.getByText(/You have unsaved changes from/).count()).toBe(0);
    await page.getByRole('button', { name: 'Paste blocks' }).click();
    await expect.poll(() => blockNames(page)).toEqual(['Video', 'Call to action', 'FAQ']);
    expect(await errorToasts(page).getByText(/./).count()).toBe(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully updated page!').waitFor();
    expect((await stored(id)).items.map((item) => item.index)).toEqual(['video', 'call_to_action', 'faq']);
  });

  it('says in the picker why an upload is refused, chooses no more than the field holds, and says when it is full', async () => {
    await page.goto('/pages/add');
    await addBlock(page, 'Event');
    await block(page, 'Event').getByRole('button', { name: 'Edit Event' }).click();
    const editor = page.getByRole('region', { name: 'Edit Event' });
    // The section and its one field are both named Photos: the field is the inner group.
    const photos = editor.getByRole('group', { name: 'Photos', exact: true }).last();
    const chooseImages = photos.getByRole('button', { name: 'Choose images' });
    await chooseImages.click();
    const picker = page.getByRole('dialog', { name: 'Choose photos' });
    const input = picker.locator('input[type="file"]');
    const uploads = picker.getByRole('list', { name: 'Uploads' });

    // A text file dressed up as a PNG: the server judges the content and refuses it, with its reason.
    const refused = awaitedLater(
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/media/upload'),
    );
    await input.setInputFiles({
      name: 'brochure.png',
      mimeType: 'image/png',
      buffer: Buffer.from('plain text'),
    });
    const response = await refused;
    expect(response.status()).toBe(422);
    const reason = ((await response.json()) as { errors: Record<string, string[]> }).errors['files.0']![0]!;
    expect(reason).toMatch(/image/);
    await uploads.getByRole('listitem').filter({ hasText: 'brochure.png' }).getByText(reason).waitFor();
    await picker.getByText('Nothing chosen yet.').waitFor();
    expect(await picker.getByRole('button', { name: 'Use image' }).isDisabled()).toBe(true);

    // Seven uploaded for a field of six: all seven are chosen, and Use says to choose at most six.
    const tag = uniqueToken();
    const picked = await Promise.all(
      Array.from({ length: 7 }, async (_, i) => ({
        name: `photo-${tag}-${i + 1}.png`,
        mimeType: 'image/png',
        buffer: await onePng(),
      })),
    );
    await input.setInputFiles(picked);
    const use = picker.getByRole('button', { name: 'Use 7 images' });
    await use.waitFor();
    expect(await use.getAttribute('aria-disabled')).toBe('true');
    expect(await descriptionOf(use)).toBe('Choose at most 6.');
    await picker.getByRole('row', { name: picked[6]!.name }).click();
    await picker.getByRole('button', { name: 'Use 6 images' }).click();
    await picker.waitFor({ state: 'detached' });
    await expect
      .poll(() => fileNames(photos))
      .toEqual(picked.slice(0, 6).map((file) => expect.stringContaining(file.name)));

    // Full: the button says why it takes no more; removing an image opens it again.
    expect(await chooseImages.getAttribute('aria-disabled')).toBe('true');
    expect(await descriptionOf(chooseImages)).toContain('At most 6 images. Remove one to add another.');
    await photos.getByRole('button', { name: `Remove ${picked[2]!.name}` }).click();
    await expect.poll(() => chooseImages.getAttribute('aria-disabled')).toBeNull();
  });

  it('adds, reorders, removes and collapses the entries of a repeatable section, and reads back the saved order', async () => {
    const name = `Entries ${uniqueToken()}`;
    await page.goto('/pages/add');
    await choose(page, page, 'Brand', brandName);
    await field(page, 'Name').fill(name);
    await field(page, 'Meta title').fill('Entries meta');
    await field(page, 'Meta description').fill('Entries description');
    await addBlock(page, 'Vehicle highlights');
    await block(page, 'Vehicle highlights').getByRole('button', { name: 'Edit Vehicle highlights' }).click();
    const editor = page.getByRole('region', { name: 'Edit Vehicle highlights' });
    for (const label of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
      await editor.getByRole('button', { name: 'Add highlight' }).click();
      await field(entries(editor, 'Highlights').last(), 'Label').fill(label);
    }
    expect(await entryValues(editor, 'Highlights', 'Label')).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);

    // From the keyboard: the first entry's handle picked up with Space, moved down, dropped.
    await editor.getByRole('button', { name: 'Drag Highlight 1' }).focus();
    await page.keyboard.press('Space');
    await editor.locator('li[data-dragging]').waitFor();
    await keyboardDragReady(page);
    await page.keyboard.press('ArrowDown');
    // Each list announces its own moves, by the entry's name and place.
    await expect
      .poll(() => page.locator('[id^=DndLiveRegion]').allTextContents())
      .toContainEqual('Highlight 1 moved to position 2 of 4.');
    await page.keyboard.press('Space');
    await expect
      .poll(() => entryValues(editor, 'Highlights', 'Label'))
      .toEqual(['Bravo', 'Alpha', 'Charlie', 'Delta']);
    // With the move controls.
    await editor.getByRole('button', { name: 'Move Highlight 4 up' }).click();
    expect(await entryValues(editor, 'Highlights', 'Label')).toEqual(['Bravo', 'Alpha', 'Delta', 'Charlie']);
    expect(await editor.getByRole('button', { name: 'Move Highlight 1 up' }).isDisabled()).toBe(true);
    expect(await editor.getByRole('button', { name: 'Move Highlight 4 down' }).isDisabled()).toBe(true);
    // Down to the last place from the keyboard: focus goes from the disabled Move down to Move up.
    await editor.getByRole('button', { name: 'Move Highlight 3 down' }).press('Enter');
    expect(await entryValues(editor, 'Highlights', 'Label')).toEqual(['Bravo', 'Alpha', 'Charlie', 'Delta']);
    await focusReaches(editor.getByRole('button', { name: 'Move Highlight 4 up' }));
    await page.keyboard.press('Enter');
    expect(await entryValues(editor, 'Highlights', 'Label')).toEqual(['Bravo', 'Alpha', 'Delta', 'Charlie']);
    await editor.getByRole('button', { name: 'Remove Highlight 1' }).click();
    expect(await entryValues(editor, 'Highlights', 'Label')).toEqual(['Alpha', 'Delta', 'Charlie']);
    await field(entries(editor, 'Highlights').nth(1), 'Description').fill('Four-wheel drive');

    // Collapse the second and third, then expand the third again.
    await editor.getByRole('button', { name: 'Highlight 2', exact: true }).click();
    await editor.getByRole('button', { name: 'Highlight 3', exact: true }).click();
    expect(await expandedEntries(editor, 'Highlights')).toEqual([true, false, false]);
    expect(await field(entries(editor, 'Highlights').nth(1), 'Label').count()).toBe(0);
    await editor.getByRole('button', { name: 'Highlight 3', exact: true }).click();
    expect(await expandedEntries(editor, 'Highlights')).toEqual([true, false, true]);

    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    const id = await saveNewPage(name);
    const saved = (await stored(id)).items[0]!.sections.highlights!.entries;
    expect(saved).toEqual([
      { opened: true, fields: { label: 'Alpha', description: '' } },
      { opened: false, fields: { label: 'Delta', description: 'Four-wheel drive' } },
      { opened: true, fields: { label: 'Charlie', description: '' } },
    ]);

    // Reloaded, the block holds the entries in the saved order, collapsed as they were saved.
    await page.goto(`/pages/edit/${id}`);
    await block(page, 'Vehicle highlights').getByRole('button', { name: 'Edit Vehicle highlights' }).click();
    const reopened = page.getByRole('region', { name: 'Edit Vehicle highlights' });
    expect(await expandedEntries(reopened, 'Highlights')).toEqual([true, false, true]);
    await reopened.getByRole('button', { name: 'Highlight 2', exact: true }).click();
    expect(await entryValues(reopened, 'Highlights', 'Label')).toEqual(['Alpha', 'Delta', 'Charlie']);
    expect(await field(entries(reopened, 'Highlights').nth(1), 'Description').inputValue()).toBe(
      'Four-wheel drive',
    );
  });
});
