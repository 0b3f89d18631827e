import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiRequest, apiToken, createUser, listUsers, uniqueToken, userTotals } from './api';
import {
  awaitedLater,
  chooseOption,
  descriptionOf,
  expectNoAxeViolations,
  field,
  focusReaches,
  hasChromium,
  launchBrowser,
  signedInContext,
  successToasts,
} from './browser';
import { uploadIntoField } from './libraryUpload';
import {
  bulkBar,
  confirmDialog,
  isListCall,
  openUsers,
  rowNames,
  searchBox,
  searchFor,
  searchParam,
  tab,
  toggleAllRows,
  toggleRow,
  waitForRowNames,
  waitForTabLabels,
} from './users-list';

const DATE = /^\d{1,2} [A-Z][a-z]{2} \d{2}$/;
const EMAIL_TAKEN = 'That e-mail address is already in use.';

describe.skipIf(!hasChromium)('the users area', () => {
  // Every record this file makes carries this prefix, so its searches find them alone.
  const prefix = `Ut${uniqueToken()}`;
  const mail = (who: string) => `${prefix.toLowerCase()}.${who}@example.com`;
  const people = {
    ada: `${prefix} Searchable Ada`,
    ben: `${prefix} Searchable Ben`,
    erin: `${prefix} Existing Erin`,
    eddie: `${prefix} Editable Eddie`,
    bo: `${prefix} Binnable Bo`,
    cat: `${prefix} Bulk Cat`,
    dan: `${prefix} Bulk Dan`,
  };
  const ids: Record<string, number> = {};

  let browser: Browser;
  let context: BrowserContext;
  let token: string;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
    for (const [key, name] of Object.entries(people)) {
      ids[key] = await createUser(token, {
        name,
        email: mail(key),
        job_title: key === 'eddie' ? 'Service Advisor' : '',
      });
    }
    context = await signedInContext(browser);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  beforeEach(async () => {
    page = await context.newPage();
    return () => page.close();
  });

  it('lists 25 users a page, newest first, with All and Bin counts from the server and dates as D MMM YY', async () => {
    await openUsers(page);
    const fromApi = await listUsers(token);
    expect(await rowNames(page)).toEqual(fromApi.users.data.map((user) => user.name));
    expect(await rowNames(page)).toHaveLength(25);
    await waitForTabLabels(page, fromApi.users.total, fromApi.trashed.total);
    expect(await tab(page, 'all').getAttribute('aria-selected')).toBe('true');

    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    for (const column of ['Created', 'Updated']) {
      const index = headers.indexOf(column) + 1;
      expect(index, `a ${column} column`).toBeGreaterThan(0);
      const dates = await page.locator(`table tbody tr td:nth-child(${index})`).allInnerTexts();
      expect(dates).toHaveLength(25);
      for (const date of dates) expect(date.trim()).toMatch(DATE);
    }
    // Every other row can be selected and deleted.
    const first = fromApi.users.data[0]?.name ?? '';
    expect(await page.getByRole('checkbox', { name: `Select ${first}`, exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: `Delete ${first}`, exact: true }).count()).toBe(1);
  });

  it('gives the signed-in user’s own row neither a checkbox nor a delete button', async () => {
    await openUsers(page);
    await searchFor(page, 'Site Administrator');
    await waitForRowNames(page, ['Site Administrator']);
    expect(await page.getByRole('link', { name: 'Edit Site Administrator', exact: true }).count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Select Site Administrator' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    // Nothing on the page can be selected, so 'Select all' is off too.
    expect(await page.getByRole('checkbox', { name: 'Select all' }).isDisabled()).toBe(true);
  });

  it('searches 500 ms after the last keystroke, with what was typed in full, and narrows the list', async () => {
    await openUsers(page);
    const searched: string[] = [];
    page.on('request', (request) => {
      if (isListCall(request.url())) searched.push(searchParam(request.url()));
    });
    // Every keystroke's time and the box's text after it, on the page's own clock (the one its
    // requests' start times are on).
    await searchBox(page).evaluate((input) => {
      const typed: { at: number; text: string }[] = [];
      (window as Window & { typed?: typeof typed }).typed = typed;
      input.addEventListener('input', (event) => {
        typed.push({ at: event.timeStamp, text: (event.target as HTMLInputElement).value });
      });
    });
    const term = `${prefix} Searchable`;
    const answered = awaitedLater(
      page.waitForResponse((r) => isListCall(r.url()) && searchParam(r.url()) === term),
    );
    await searchBox(page).pressSequentially(term, { delay: 40 });
    await answered;

    await waitForRowNames(page, [people.ben, people.ada]);
    await waitForTabLabels(page, 2, 0);
    // Each search went out 500 ms after the keystroke before it, with the text as that keystroke
    // left it. On a busy machine a keystroke can come more than 500 ms after the one before; only
    // then may a search for part of the term go out first.
    const searches = await page.evaluate(() => {
      const typed = (window as Window & { typed?: { at: number; text: string }[] }).typed ?? [];
      return performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === '/api/users')
        .map((entry) => ({ start: entry.startTime, search: new URL(entry.name).searchParams.get('search') }))
        .filter(({ start }) => start > (typed[0]?.at ?? Number.POSITIVE_INFINITY))
        .map(({ start, search }) => {
          const last = typed.filter((key) => key.at <= start).at(-1)!;
          return { search, text: last.text, wait: start - last.at, lastKey: last === typed.at(-1) };
        });
    });
    expect(searches.length).toBe(searched.length);
    expect(searches.at(-1)).toMatchObject({ search: term, text: term, lastKey: true });
    for (const { search, text, wait } of searches) {
      expect(search).toBe(text);
      expect(wait).toBeGreaterThanOrEqual(490);
    }
    expect(searches.at(-1)!.wait).toBeLessThan(1_500);
  });

  it('says Oops! No results... when nothing matches, and Clear Search brings the full list back', async () => {
    await openUsers(page);
    const before = await rowNames(page);
    await searchFor(page, `${prefix} nobody by this name`);
    await page.getByRole('heading', { name: 'Oops! No results...', exact: true }).waitFor();
    expect(await rowNames(page)).toEqual([]);
    await waitForTabLabels(page, 0, 0);

    const cleared = awaitedLater(
      page.waitForResponse((r) => isListCall(r.url()) && searchParam(r.url()) === ''),
    );
    await page.getByRole('button', { name: 'Clear Search', exact: true }).press('Enter');
    await cleared;
    await waitForRowNames(page, before);
    expect(await searchBox(page).inputValue()).toBe('');
    // The button has gone with the empty state: focus is back in the search box.
    await focusReaches(searchBox(page));
    expect(await page.getByRole('heading', { name: 'Oops! No results...' }).count()).toBe(0);
  });

  it('hides the Email column from the Columns popup and shows it again', async () => {
    await openUsers(page);
    const headers = async () =>
      (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(await headers()).toEqual(['Name', 'Email', 'Role', 'Scope', 'Created', 'Updated', 'Actions']);
    const someName = (await listUsers(token)).users.data[0]?.name ?? '';

    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Columns' });
    const email = popup.getByRole('checkbox', { name: 'Email', exact: true });
    await email.locator('xpath=ancestor::label[1]').click();
    await page.getByRole('columnheader', { name: 'Email' }).waitFor({ state: 'detached' });
    expect(await headers()).toEqual(['Name', 'Role', 'Scope', 'Created', 'Updated', 'Actions']);
    expect(await page.locator('table').textContent()).not.toContain('@example.');
    expect(await rowNames(page)).toContain(someName);

    await email.locator('xpath=ancestor::label[1]').click();
    await page.getByRole('columnheader', { name: 'Email' }).waitFor();
    expect(await headers()).toEqual(['Name', 'Email', 'Role', 'Scope', 'Created', 'Updated', 'Actions']);
  });

  it('pages through the list with Next and Previous', async () => {
    await openUsers(page);
    const first = await listUsers(token, '', 1);
    const second = await listUsers(token, '', 2);
    const lastPage = Math.ceil(first.users.total / 25);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const previous = pagination.getByRole('button', { name: 'Previous' });
    const next = pagination.getByRole('button', { name: 'Next' });
    await pagination.getByText(`Page 1 of ${lastPage}`, { exact: true }).waitFor();
    expect(await previous.isDisabled()).toBe(true);

    await next.click();
    await pagination.getByText(`Page 2 of ${lastPage}`, { exact: true }).waitFor();
    await waitForRowNames(
      page,
      second.users.data.map((user) => user.name),
    );
    expect(await previous.isDisabled()).toBe(false);
    expect(await next.isDisabled()).toBe(lastPage === 2);

    await previous.click();
    await pagination.getByText(`Page 1 of ${lastPage}`, { exact: true }).waitFor();
    await waitForRowNames(
      page,
      first.users.data.map((user) => user.name),
    );
  });

  it('adds a user with every field and an avatar, says so bottom right, and lists the new user', async () => {
    const name = `${prefix} Added Avery`;
    await openUsers(page);
    await page.getByRole('link', { name: 'Add user' }).click();
    await page.waitForURL((url) => url.pathname === '/users/add');
    await page.getByRole('heading', { name: 'Users', exact: true, level: 1 }).waitFor();
    await page.getByText('Create a new user', { exact: true }).waitFor();

    await field(page, 'Name').fill(name);
    await field(page, 'Email').fill(mail('avery'));
    await field(page, 'Telephone').fill('01632 960123');
    await field(page, 'Job title').fill('Sales Executive');
    await field(page, 'Password').fill('Forecourt-Pass-2024');
    await chooseOption(page, 'Role', 'Sales');
    const avatarField = page.getByRole('group', { name: 'Avatar', exact: true });
    await uploadIntoField(page, avatarField, 'avery.png');
    await avatarField.getByRole('button', { name: /^Remove / }).waitFor();
    // One avatar at most: choosing again replaces it.
    await avatarField.getByRole('button', { name: 'Replace image' }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    const toast = successToasts(page).getByText('You have added a new user.', { exact: true });
    await toast.waitFor();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error('The toast has no box on screen');
    expect(box.x).toBeGreaterThan(viewport.width / 2);
    expect(box.y).toBeGreaterThan(viewport.height / 2);

    await searchFor(page, name);
    await waitForRowNames(page, [name]);
    const avatar = page.locator('table tbody tr img');
    await avatar.waitFor();
    // The library item's smallest rendition, or its original until the renditions are made.
    expect(await avatar.getAttribute('src')).toMatch(/^\/(media|storage)\//);
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await avatar.elementHandle(),
    );

    await page.getByRole('link', { name: `Edit ${name}`, exact: true }).click();
    await page.getByText(`Updating ${name}`, { exact: true }).waitFor();
    expect(await field(page, 'Email').inputValue()).toBe(mail('avery'));
    expect(await field(page, 'Telephone').inputValue()).toBe('01632 960123');
    expect(await field(page, 'Job title').inputValue()).toBe('Sales Executive');
  });

  it('shows the server’s error under Email for an address in use, and keeps everything typed', async () => {
    await page.goto('/users/add');
    const typed = {
      Name: `${prefix} Second Erin`,
      Email: mail('erin'),
      Telephone: '01632 960999',
      'Job title': 'Finance Manager',
      Password: 'Forecourt-Pass-2024',
    };
    for (const [label, value] of Object.entries(typed)) await field(page, label).fill(value);
    await chooseOption(page, 'Role', 'Read only');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await page.getByText(EMAIL_TAKEN, { exact: true }).waitFor();
    expect(await descriptionOf(field(page, 'Email'))).toBe(EMAIL_TAKEN);
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
    for (const [label, value] of Object.entries(typed))
      expect(await field(page, label).inputValue()).toBe(value);
    expect(new URL(page.url()).pathname).toBe('/users/add');
    expect(await successToasts(page).getByText('You have added a new user.').count()).toBe(0);
    expect((await listUsers(token, typed.Name)).users.total).toBe(0);
  });

  it('edits a user: Users, Updating <name>, a new job title, and You have updated a user.', async () => {
    await openUsers(page);
    await searchFor(page, people.eddie);
    await page.getByRole('link', { name: `Edit ${people.eddie}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/users/edit/${ids.eddie}`);
    await page.getByRole('heading', { name: 'Users', exact: true, level: 1 }).waitFor();
    await page.getByText(`Updating ${people.eddie}`, { exact: true }).waitFor();
    expect(await field(page, 'Name').inputValue()).toBe(people.eddie);
    expect(await field(page, 'Job title').inputValue()).toBe('Service Advisor');

    await field(page, 'Job title').fill('Aftersales Manager');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await successToasts(page).getByText('You have updated a user.', { exact: true }).waitFor();

    await page.goto(`/users/edit/${ids.eddie}`);
    await page.getByText(`Updating ${people.eddie}`, { exact: true }).waitFor();
    expect(await field(page, 'Job title').inputValue()).toBe('Aftersales Manager');
  });

  it('shows Oops! Page not found. for a user that does not exist, with a way back to all users', async () => {
    await page.goto('/users/edit/999999');
    await page.getByRole('heading', { name: 'Oops! Page not found.', exact: true }).waitFor();
    await page
      .getByText("The user you are trying to locate clearly doesn't exist...", { exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'View all users', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await page.getByRole('tab', { name: /^All \(\d+\)$/ }).waitFor();
  });

  it('moves a user to the bin after Hold up!, restores it, and deletes it forever from the bin', async () => {
    const bo = people.bo;
    await openUsers(page);
    await searchFor(page, bo);
    await waitForRowNames(page, [bo]);
    await waitForTabLabels(page, 1, 0);

    // No thanks leaves everything as it was.
    await page.getByRole('button', { name: `Delete ${bo}`, exact: true }).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Hold up!');
    expect(await dialog.getByText('You are about to delete user(s)', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText('Are you sure you wish to continue?', { exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'No thanks', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForRowNames(page, [bo]);

    await page.getByRole('button', { name: `Delete ${bo}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes please', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForTabLabels(page, 0, 1);
    await waitForRowNames(page, []);

    await tab(page, 'trashed').click();
    await waitForRowNames(page, [bo]);
    expect(await tab(page, 'trashed').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: `Restore ${bo}`, exact: true }).click();
    await waitForTabLabels(page, 1, 0);
    await waitForRowNames(page, []);
    await tab(page, 'all').click();
    await waitForRowNames(page, [bo]);

    await page.getByRole('button', { name: `Delete ${bo}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes please', exact: true }).click();
    await waitForTabLabels(page, 0, 1);
    await tab(page, 'trashed').click();
    await page.getByRole('button', { name: `Delete forever ${bo}`, exact: true }).click();
    await dialog.waitFor();
    expect(await dialog.getByText(/^You are about to delete user\(s\)/).count()).toBe(1);
    expect(await dialog.getByText('Are you sure you wish to continue?', { exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Yes please', exact: true }).click();
    await waitForTabLabels(page, 0, 0);
    await waitForRowNames(page, []);
    await expect(apiRequest(token, 'GET', `users/show/${ids.bo}`)).rejects.toThrow(/ 404:/);
  });

  it('shows the bulk bar only with a selection, counts it, and bins the selected users', async () => {
    await openUsers(page);
    await searchFor(page, `${prefix} Bulk`);
    await waitForRowNames(page, [people.dan, people.cat]);
    expect(await bulkBar(page).count()).toBe(0);

    await toggleRow(page, people.cat);
    await bulkBar(page).getByText('1 selected', { exact: true }).waitFor();
    await toggleRow(page, people.dan);
    await bulkBar(page).getByText('2 selected', { exact: true }).waitFor();
    await toggleRow(page, people.dan);
    await bulkBar(page).getByText('1 selected', { exact: true }).waitFor();
    await toggleRow(page, people.dan);

    const deleted = awaitedLater(page.waitForRequest((r) => r.url().endsWith('/api/users/delete')));
    await bulkBar(page).getByRole('button', { name: 'Delete selected', exact: true }).click();
    const dialog = confirmDialog(page);
    await dialog.getByText('You are about to delete user(s)', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Yes please', exact: true }).click();
    const body = (await deleted).postDataJSON() as { users: number[]; type: string };
    expect([...body.users].sort()).toEqual([ids.cat, ids.dan].sort());
    expect(body.type).toBe('all');

    await waitForTabLabels(page, 0, 2);
    await waitForRowNames(page, []);
    expect(await bulkBar(page).count()).toBe(0);
  });

  it('shows Nothing has been placed in the bin! once the bin is emptied, with View all users', async () => {
    await openUsers(page);
    await tab(page, 'trashed').click();
    // Restore whatever is in the bin (the demo data puts users there), a page at a time.
    for (let round = 0; round < 5; round++) {
      const binned = (await userTotals(token)).bin;
      if (binned === 0) break;
      await page
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .first()
        .waitFor();
      await toggleAllRows(page);
      const restored = awaitedLater(page.waitForResponse((r) => r.url().endsWith('/api/users/restore')));
      await bulkBar(page).getByRole('button', { name: 'Restore selected', exact: true }).click();
      expect((await restored).ok()).toBe(true);
      await page.getByRole('tab', { name: `Bin (${Math.max(0, binned - 25)})`, exact: true }).waitFor();
    }

    await page.getByRole('heading', { name: 'Nothing has been placed in the bin!', exact: true }).waitFor();
    expect(await rowNames(page)).toEqual([]);
    await page.getByRole('button', { name: 'View all users', exact: true }).press('Enter');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[role="tab"]')).some(
        (t) => t.getAttribute('aria-selected') === 'true' && /^All \(\d+\)$/.test(t.textContent ?? ''),
      ),
    );
    // The button has gone with the empty state: focus is on the All tab it chose.
    await focusReaches(tab(page, 'all'));
    expect((await rowNames(page)).length).toBeGreaterThan(0);
  });

  it('has no serious accessibility problems on the list, the confirm and the user form', async () => {
    await openUsers(page);
    await expectNoAxeViolations(page);
    await page
      .getByRole('button', { name: /^Delete (?!selected)/ })
      .first()
      .click();
    await confirmDialog(page).waitFor();
    await expectNoAxeViolations(page);
    await confirmDialog(page).getByRole('button', { name: 'No thanks' }).click();
    await confirmDialog(page).waitFor({ state: 'detached' });

    await page.goto('/users/add');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter a name.', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
  });
});
