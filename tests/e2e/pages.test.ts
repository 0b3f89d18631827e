import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest, apiToken, createPage, uniqueToken } from './api';
import {
  awaitedLater,
  field,
  focusReaches,
  hasChromium,
  launchBrowser,
  SharedSignIn,
  successToasts,
} from './browser';

const HOMEPAGE = 'This is the homepage of the website.';
const LOCKED = 'This page is locked you cannot make structural changes to this page.';

/** The focused control by its name (its label), or the tag of whatever else has focus. */
const focusedControl = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

describe.skipIf(!hasChromium)('pages', () => {
  let browser: Browser;
  const signedIn = new SharedSignIn(() => browser);
  let page: Page;
  let token: string;
  let brandId: number;

  const makePage = (name: string, parent: number | null = null, extra: Record<string, unknown> = {}) =>
    createPage(token, name, { parent, brand_id: brandId, is_allowed_children: 1, ...extra });

  async function childNames(parent: number): Promise<string[]> {
    const body = await apiRequest<{ data: { name: string }[] }>(token, 'GET', `pages/children?id=${parent}`);
    return body.data.map((p) => p.name);
  }

  const row = (scope: Page | Locator, name: string) => scope.getByRole('row').filter({ hasText: name });

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
    const brands = await apiRequest<{ brands: { data: { id: number }[] } }>(
      token,
      'GET',
      'brands?perPage=-1',
    );
    brandId = brands.brands.data[0]!.id;
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await signedIn.page();
  });

  it('lists the top level as Brands, Group Sections and Pages with the homepage and lock tooltips', async () => {
    // A brand's own section at the top; the demo's sections there are the group's.
    const section = `Brand section ${uniqueToken()}`;
    await makePage(section);
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Pages' }).click();
    await page.waitForURL(/\/pages$/);
    for (const [title, name] of [
      ['Brands', section],
      ['Group Sections', 'New Cars'],
      ['Pages', 'About Us'],
    ] as const) {
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();
      await row(page.getByRole('region', { name: title, exact: true }), name).waitFor();
    }
    const home = page.getByRole('img', { name: HOMEPAGE });
    await home.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(HOMEPAGE);
    const lock = page.getByRole('img', { name: LOCKED }).first();
    await lock.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(LOCKED);
    expect(await row(page, 'Home').textContent()).toContain('Published');
  });

  it('toggles published after the confirm, and the list reloads', async () => {
    const name = `Toggle ${uniqueToken()}`;
    await makePage(name, null, { is_allowed_children: 0 });
    await page.goto('/pages');
    await row(page, name)
      .getByRole('button', { name: `Toggle Published: ${name}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Do you really want to toggle published?').waitFor();
    await dialog.getByRole('button', { name: 'Yes please' }).click();
    await row(page, name).getByText('Published', { exact: true }).waitFor();
    expect(await row(page, name).textContent()).not.toContain('Unpublished');
    await successToasts(page).getByText('The page is published.').waitFor();
  });

  it('refuses to delete a page with children, and deletes a leaf with an Undo that puts it back', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Parent ${tag}`);
    await makePage(`Leaf ${tag}`, parent);
    await page.goto('/pages');
    const blocked = row(page, `Parent ${tag}`).getByRole('button', { name: `Delete: Parent ${tag}` });
    expect(await blocked.getAttribute('aria-disabled')).toBe('true');
    // The reason shows on keyboard focus, as it does for anyone tabbing to the button.
    await page.keyboard.press('Tab');
    await blocked.focus();
    await expect
      .poll(() => page.getByRole('tooltip').textContent())
      .toBe('You cannot delete as you have child pages.');

    await page.goto(`/pages/children/${parent}`);
    await row(page, `Leaf ${tag}`)
      .getByRole('button', { name: `Delete: Leaf ${tag}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Do you really want to delete?').waitFor();
    // Undo is the only way back: the confirm says that the history goes with the page after it.
    await dialog
      .getByText('You can undo this for a few seconds; after that it is gone, with its history.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Yes please' }).click();
    await page.getByText('There is no children available for the selected page.').waitFor();
    const toast = successToasts(page);
    await toast.getByText('The page has been deleted.').waitFor();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await row(page, `Leaf ${tag}`).waitFor();
    expect(await childNames(parent)).toEqual([`Leaf ${tag}`]);
  });

  it('puts a deleted page back with Undo after the list has been left', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Shelf ${tag}`);
    await makePage(`Book ${tag}`, parent);
    await page.goto(`/pages/children/${parent}`);
    await row(page, `Book ${tag}`)
      .getByRole('button', { name: `Delete: Book ${tag}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes please' }).click();
    const toast = successToasts(page);
    await toast.getByText('The page has been deleted.').waitFor();
    // Away to the top of the tree through the breadcrumb: the children list is gone, the toast stays.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Pages' }).click();
    await page.waitForURL(/\/pages$/);
    await page.getByRole('heading', { name: 'Children Pages', level: 1 }).waitFor({ state: 'detached' });
    expect(await childNames(parent)).toEqual([]);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => childNames(parent)).toEqual([`Book ${tag}`]);
  });

  it('leads from Add Page to the builder route for a new top-level page', async () => {
    await page.goto('/pages');
    await page.getByRole('link', { name: 'Add Page' }).click();
    await page.waitForURL(/\/pages\/add$/);
    await page.getByRole('heading', { name: 'Add Page', level: 1 }).waitFor();
  });

  it('keeps focus in the list when a row leaves it: the same action of the next row, the one before at the end, then the heading', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Focus parent ${tag}`);
    const target = await makePage(`Focus target ${tag}`);
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await makePage(`${name} ${tag}`, parent);
    await page.goto(`/pages/children/${parent}`);

    // Deleting the middle row from the keyboard: focus goes to the row now in its place.
    await row(page, `Bravo ${tag}`)
      .getByRole('button', { name: `Delete: Bravo ${tag}` })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes please' }).press('Enter');
    await successToasts(page).getByText('The page has been deleted.').waitFor();
    await expect.poll(() => focusedControl(page)).toBe(`Delete: Charlie ${tag}`);

    // Moving the last row away: focus goes to the row before it.
    await row(page, `Charlie ${tag}`)
      .getByRole('button', { name: `Move Page: Charlie ${tag}` })
      .press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Parent/ }).click();
    await page.getByRole('option', { name: `Focus target ${tag}` }).click();
    await dialog.getByRole('button', { name: 'Move Page' }).click();
    await successToasts(page).getByText('The page has been moved.').waitFor();
    await expect.poll(() => focusedControl(page)).toBe(`Move Page: Alpha ${tag}`);
    expect(await childNames(target)).toEqual([`Charlie ${tag}`]);

    // The last row gone: focus goes to the screen's heading.
    await row(page, `Alpha ${tag}`)
      .getByRole('button', { name: `Delete: Alpha ${tag}` })
      .press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes please' }).press('Enter');
    await page.getByText('There is no children available for the selected page.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });

  it('moves a page under another through the picker, and Escape closes the modal', async () => {
    const tag = uniqueToken();
    const target = await makePage(`Target ${tag}`);
    for (const name of ['Mover', 'Stays', 'Next'])
      await makePage(`${name} ${tag}`, null, { is_allowed_children: 0 });
    await page.goto('/pages');
    const open = () =>
      row(page, `Mover ${tag}`)
        .getByRole('button', { name: `Move Page: Mover ${tag}` })
        .click();
    await open();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await open();
    await dialog.getByRole('button', { name: /Parent/ }).click();
    await page.getByRole('option', { name: `Target ${tag}` }).click();
    await dialog.getByRole('button', { name: 'Move Page' }).click();
    await dialog.waitFor({ state: 'detached' });
    await successToasts(page).getByText('The page has been moved.').waitFor();
    expect(await childNames(target)).toEqual([`Mover ${tag}`]);
    // Focus goes to the same action of the row now in the moved one's place.
    await expect.poll(() => focusedControl(page)).toBe(`Move Page: Stays ${tag}`);

    // Deleted from the keyboard at the top level: the same again.
    await row(page, `Stays ${tag}`)
      .getByRole('button', { name: `Delete: Stays ${tag}` })
      .press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes please' }).press('Enter');
    await successToasts(page).getByText('The page has been deleted.').waitFor();
    await expect.poll(() => focusedControl(page)).toBe(`Delete: Next ${tag}`);
    await page.goto(`/pages/children/${target}`);
    await row(page, `Mover ${tag}`).waitFor();
  });

  it('duplicates a page and opens the copy in its editor', async () => {
    const tag = uniqueToken();
    await makePage(`Original ${tag}`);
    await page.goto('/pages');
    await row(page, `Original ${tag}`)
      .getByRole('button', { name: `Duplicate Page: Original ${tag}` })
      .click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Name').fill(`Copy ${tag}`);
    expect(await dialog.getByRole('checkbox', { name: 'Children', exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Publish children' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Duplicate Page' }).click();
    await page.waitForURL(/\/pages\/edit\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Page', level: 1 }).waitFor();
    expect(await field(page, 'Name').inputValue()).toBe(`Copy ${tag}`);
    expect(await field(page, 'Slug').inputValue()).toBe(`copy-${tag}`);
  });

  it('shows children under a breadcrumb and reorders them with the keyboard move to position', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Order ${tag}`);
    for (const n of ['One', 'Two', 'Three']) await makePage(`${n} ${tag}`, parent);
    await page.goto(`/pages/children/${parent}`);
    await page.getByRole('heading', { name: 'Children Pages', level: 1 }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Pages' }).waitFor();
    await crumbs.getByText(`Order ${tag}`).waitFor();
    await page.getByRole('button', { name: `Reorder Three ${tag}` }).waitFor();

    await row(page, `Three ${tag}`)
      .getByRole('button', { name: `Move to position: Three ${tag}` })
      .click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Position (1 to 3)').fill('1');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    // The dialog gone, focus is back on the button that opened it, in the row's new place: only
    // then does the keyboard go on (a drag started before would see focus taken from under it).
    await focusReaches(
      row(page, `Three ${tag}`).getByRole('button', { name: `Move to position: Three ${tag}` }),
    );
    await expect.poll(() => childNames(parent)).toEqual([`Three ${tag}`, `One ${tag}`, `Two ${tag}`]);
    await expect
      .poll(async () =>
        (await page.getByRole('row').allTextContents()).slice(1).map((t) => t.split(tag)[0]?.trim()),
      )
      .toEqual(['Three', 'One', 'Two']);

    // Dragged by keyboard, a child is announced by its name and place, not by dnd-kit's ids.
    const announced = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
    const saved = awaitedLater(page.waitForResponse((r) => r.url().endsWith('/api/pages/sort')));
    await page.getByRole('button', { name: `Reorder One ${tag}` }).focus();
    await page.keyboard.press('Space');
    await announced(`Picked up One ${tag}, at position 2 of 3.`);
    await page.keyboard.press('ArrowDown');
    await announced(`One ${tag} moved to position 3 of 3.`);
    await page.keyboard.press('Space');
    await announced(`One ${tag} dropped at position 3 of 3.`);
    expect((await saved).status()).toBe(200);
    await expect.poll(() => childNames(parent)).toEqual([`Three ${tag}`, `Two ${tag}`, `One ${tag}`]);
    expect(await page.getByText(/Draggable item|droppable area/).count()).toBe(0);
  });

  it('keeps each row action at the same place in every row, whichever actions a row lacks', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Aligned ${tag}`);
    const full = await makePage(`Full ${tag}`, parent);
    await makePage(`Grandchild ${tag}`, full);
    await makePage(`Locked leaf ${tag}`, parent, { locked: 1, is_allowed_children: 0 });
    await page.goto(`/pages/children/${parent}`);
    const fullRow = row(page, `Full ${tag}`);
    const lockedRow = row(page, `Locked leaf ${tag}`);
    // The full row has every action; the locked leaf has no move, position, children, add or delete.
    await fullRow.getByRole('link', { name: `View Children: Full ${tag}` }).waitFor();
    expect(await lockedRow.getByRole('button', { name: /^(Move Page|Delete):/ }).count()).toBe(0);
    const left = async (scope: Locator, role: 'button' | 'link', name: RegExp) =>
      (await scope.getByRole(role, { name }).boundingBox())?.x;
    const actions = [
      ['button', /^Toggle Published:/],
      ['button', /^Duplicate Page:/],
      ['link', /^Edit Page:/],
    ] as const;
    for (const [role, name] of actions) {
      const x = await left(fullRow, role, name);
      expect(x, name.source).toBeDefined();
      expect(await left(lockedRow, role, name), name.source).toBe(x);
    }
  });

  it('draws only the rows in view of a long children list, and the last appears on scrolling', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Long ${tag}`);
    for (let start = 1; start <= 300; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          makePage(`Item ${tag} ${String(start + i).padStart(3, '0')}`, parent),
        ),
      );
    }
    const asked: URLSearchParams[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/pages/children') asked.push(url.searchParams);
    });
    await page.goto(`/pages/children/${parent}`);
    await row(page, `Item ${tag} `).first().waitFor();
    // The children come a page at a time, not all at once.
    expect(asked.map((q) => [q.get('page'), q.get('perPage')])).toEqual([['1', '100']]);
    const drawn = await page
      .getByRole('row')
      .filter({ hasText: `Item ${tag}` })
      .count();
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(150);
    const names = await childNames(parent);
    const last = names.at(-1)!;
    expect(await row(page, last).count()).toBe(0);
    await page.getByRole('table', { name: 'Children Pages' }).hover();
    for (let i = 0; i < 80 && (await row(page, last).count()) === 0; i++) await page.mouse.wheel(0, 1500);
    await row(page, last).waitFor();
    expect(asked.map((q) => q.get('page'))).toEqual(['1', '2', '3']);

    // The keyboard way sends one row to a place beyond those loaded, as a 1-based index of all.
    const first = names[0]!;
    const sorts: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/pages/sort') sorts.push(request.postDataJSON());
    });
    await page.mouse.wheel(0, -1_000_000);
    await row(page, first)
      .getByRole('button', { name: `Move to position: ${first}` })
      .click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Position (1 to 300)').fill('300');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(async () => (await childNames(parent)).at(-1)).toBe(first);
    const id = (
      await apiRequest<{ data: { id: number; name: string }[] }>(token, 'GET', `pages/children?id=${parent}`)
    ).data.find((p) => p.name === first)!.id;
    expect(sorts).toEqual([{ data: [{ id, index: 300 }] }]);
  });

  it('reorders children by dragging a row within the view', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Drag ${tag}`);
    for (const n of ['One', 'Two', 'Three']) await makePage(`${n} ${tag}`, parent);
    await page.goto(`/pages/children/${parent}`);
    const handle = page.getByRole('button', { name: `Reorder One ${tag}` });
    const from = (await handle.boundingBox())!;
    const to = (await row(page, `Three ${tag}`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.75, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => childNames(parent)).toEqual([`Two ${tag}`, `Three ${tag}`, `One ${tag}`]);
  });

  it('shows no drag handles when the parent orders its children by publish date', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Dated ${tag}`, null, { sort_by: 'published_at', sort_by_mode: 'desc' });
    await makePage(`Story ${tag}`, parent);
    await page.goto(`/pages/children/${parent}`);
    await row(page, `Story ${tag}`).waitFor();
    expect(await page.getByRole('button', { name: /^Reorder / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Move to position/ }).count()).toBe(0);
  });

  it('finds a page anywhere in the tree by name and shows its path', async () => {
    const tag = uniqueToken();
    const parent = await makePage(`Branch ${tag}`);
    await makePage(`Twig ${tag}`, parent);
    await page.goto('/pages');
    await page.getByRole('searchbox', { name: 'Find a page' }).fill(`twig ${tag}`);
    const hits = page.getByRole('list', { name: 'Pages found' });
    await hits.getByText(`Branch ${tag} › Twig ${tag}`).waitFor();
    // The hits appear away from the search box, where focus stays: a screen reader hears the count.
    const said = page.locator('[data-announcer] > *');
    await said.getByText('1 page found.', { exact: true }).waitFor();
    expect(
      await page
        .getByRole('searchbox', { name: 'Find a page' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await page.getByRole('searchbox', { name: 'Find a page' }).fill(`nothing ${tag}`);
    await said.getByText(`No pages match “nothing ${tag}”.`, { exact: true }).waitFor();
  });
});

describe.skipIf(!hasChromium)('forms', () => {
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

  it('lists forms with their slug and state, shows a form’s children, and deletes after the confirm', async () => {
    const tag = uniqueToken();
    const makeForm = (name: string) =>
      apiRequest<{ id: number }>(token, 'POST', 'forms/store', {
        data: {
          name,
          handle: 'x',
          meta: { title: 'Brochure', description: 'Brochure request' },
          published: 0,
          emails: {
            subject: 'Brochure',
            email_title: 'Brochure',
            email_body: 'Sent',
            email_lists: 'a@example.com',
          },
          thank_you: { description: 'Thanks' },
        },
        parent: null,
      });
    const made = await makeForm(`Brochure ${tag}`);
    await makeForm(`Catalogue ${tag}`);
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Forms' }).click();
    await page.waitForURL(/\/forms$/);
    const testDrive = page.getByRole('row').filter({ hasText: 'test-drive' }).first();
    expect(await testDrive.textContent()).toContain('Published');
    const mine = page.getByRole('row').filter({ hasText: `Brochure ${tag}` });
    expect(await mine.textContent()).toContain(`brochure-${tag}`);
    expect(await mine.textContent()).toContain('Unpublished');

    await mine.getByRole('button', { name: `Delete: Brochure ${tag}` }).press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Do you really want to delete?').waitFor();
    // Forms have no Undo, and the confirm promises none.
    await dialog.getByText('This cannot be undone: it goes at once, with its history.').waitFor();
    await dialog.getByRole('button', { name: 'Yes please' }).press('Enter');
    await mine.waitFor({ state: 'detached' });
    expect(await successToasts(page).getByRole('button', { name: 'Undo' }).count()).toBe(0);
    // Focus goes to the same action of the form now in its place.
    await expect.poll(() => focusedControl(page)).toBe(`Delete: Catalogue ${tag}`);
    const left = await apiRequest<{ data: { id: number }[] }>(token, 'GET', 'forms');
    expect(left.data.map((f) => f.id)).not.toContain(made.id);

    await page
      .getByRole('link', { name: /^Test Drive/ })
      .first()
      .click();
    await page.waitForURL(/\/forms\/children\/\d+$/);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Forms' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Test Drive' }).first().waitFor();
    // The tab names the form whose children these are.
    await expect.poll(() => page.title()).toBe('Test Drive · Children Forms · Dealership Console');
    // A new form made from here goes under the form whose children these are.
    const parentId = /\/forms\/children\/(\d+)$/.exec(page.url())![1];
    await page.getByRole('link', { name: 'Add Child Form' }).click();
    await page.waitForURL(new RegExp(`/forms/add/${parentId}$`));
    await page.getByRole('heading', { name: 'Add Child Form' }).waitFor();
  });
});
