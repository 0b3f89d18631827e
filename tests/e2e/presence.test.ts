import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as StoredPage } from '@/api/contract/pages';
import {
  apiRequest,
  apiToken,
  createPage,
  createUser,
  GROUP_ADMINISTRATOR_ROLE,
  heroBlock,
  uniqueToken,
} from './api';
import { awaitedLater, field, hasChromium, launchBrowser, signedInContext, successToasts } from './browser';

/**
 * Two people in two browsers on one page: each is told the other is there before typing, and when
 * both edit different blocks (or different page fields) and save in turn, the second save keeps
 * both edits without asking; only what both changed differently is asked about, in the builder's
 * words.
 */

const PASSWORD = 'Forecourt-Pass-2024';

const presenceNotice = (page: Page) =>
  page.getByRole('region', { name: 'Who else is here' }).getByRole('status');

async function openBuilder(page: Page, id: number): Promise<void> {
  await page.goto(`/pages/edit/${id}`);
  await page.getByRole('list', { name: 'Blocks' }).waitFor();
}

async function editTitle(page: Page, blockName: string, title: string): Promise<void> {
  const row = page
    .getByRole('list', { name: 'Blocks' })
    .getByRole('listitem', { name: blockName, exact: true });
  await row.getByRole('button', { name: `Edit ${blockName}` }).click();
  const editor = page.getByRole('region', { name: `Edit ${blockName}` });
  await field(editor.getByRole('group', { name: 'Content' }), 'Title').fill(title);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await editor.waitFor({ state: 'detached' });
}

const isUpdate = (r: Response) => new URL(r.url()).pathname === '/api/pages/update';

/** Presses the page's Save; answers the status of the update it leads to. */
async function save(page: Page): Promise<number> {
  const updated = awaitedLater(page.waitForResponse(isUpdate));
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  return (await updated).status();
}

/**
 * Presses the page's Save, refused as someone saved meanwhile; answers the statuses of the update
 * calls up to the first that lands (a merge with nothing to ask is saved again by itself).
 */
async function saveThroughMerge(page: Page): Promise<number[]> {
  const statuses: number[] = [];
  const landed = awaitedLater(
    page.waitForResponse((r) => {
      if (!isUpdate(r)) return false;
      statuses.push(r.status());
      return r.ok();
    }),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await landed;
  return statuses;
}

async function storedPage(token: string, id: number): Promise<StoredPage> {
  return (await apiRequest<{ data: StoredPage }>(token, 'GET', `pages/edit?id=${id}`)).data;
}

describe.skipIf(!hasChromium)('two editors on one page', () => {
  let browser: Browser;
  let token: string;
  let admin: BrowserContext;
  let other: BrowserContext;
  let adminName: string;
  let robinName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
    const tag = uniqueToken();
    robinName = `Robin ${tag[0]!.toUpperCase()}${tag.slice(1)}`;
    const email = `robin-${tag}@example.com`;
    await createUser(token, {
      name: robinName,
      email,
      password: PASSWORD,
      role_id: GROUP_ADMINISTRATOR_ROLE,
    });
    adminName = (await apiRequest<{ data: { name: string } }>(token, 'GET', 'auth/me')).data.name;
    admin = await signedInContext(browser);
    other = await signedInContext(browser, email, PASSWORD);
  });
  afterAll(async () => {
    await admin?.close();
    await other?.close();
    await browser?.close();
  });

  it('tells each who else is editing, before anyone types, and when they leave', async () => {
    const id = await createPage(token, `Presence ${uniqueToken()}`, { items: [heroBlock('Opening', 'One')] });
    const mine = await admin.newPage();
    const theirs = await other.newPage();
    try {
      await openBuilder(mine, id);
      expect(await presenceNotice(mine).textContent()).toBe('');
      await openBuilder(theirs, id);
      // The one who arrives second is told at once who is already editing.
      await expect
        .poll(() => presenceNotice(theirs).textContent(), { timeout: 3000 })
        .toBe(`${adminName} is also editing this page.`);
      const avatars = theirs.getByRole('region', { name: 'Who else is here' }).getByRole('listitem');
      expect(await avatars.allInnerTexts()).toEqual([expect.stringContaining(adminName)]);
      await expect
        .poll(() => presenceNotice(mine).textContent(), { timeout: 3000 })
        .toBe(`${robinName} is also editing this page.`);

      await theirs.close();
      await expect.poll(() => presenceNotice(mine).textContent(), { timeout: 3000 }).toBe('');
    } finally {
      await mine.close();
    }
  });

  it('merges the second save with the first without asking: both edits of different blocks are kept', async () => {
    const id = await createPage(token, `Merge ${uniqueToken()}`, {
      items: [heroBlock('Opening', 'Opening title'), heroBlock('Closing', 'Closing title')],
    });
    const mine = await admin.newPage();
    const theirs = await other.newPage();
    try {
      await openBuilder(mine, id);
      await openBuilder(theirs, id);
      await editTitle(mine, 'Opening', 'Opening by admin');
      await editTitle(theirs, 'Closing', 'Closing by Robin');

      expect(await save(mine)).toBe(200);
      expect(await saveThroughMerge(theirs)).toEqual([409, 200]);
      await successToasts(theirs).getByText(`Merged with what ${adminName} saved meanwhile.`).waitFor();
      expect(await theirs.getByRole('dialog').count()).toBe(0);

      const stored = await storedPage(token, id);
      expect(stored.items.map((item) => item.sections.content?.fields.title)).toEqual([
        'Opening by admin',
        'Closing by Robin',
      ]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('asks about a block both changed, and keeps the version chosen with every other edit', async () => {
    const id = await createPage(token, `Clash ${uniqueToken()}`, {
      items: [heroBlock('Opening', 'Opening title'), heroBlock('Closing', 'Closing title')],
    });
    const mine = await admin.newPage();
    const theirs = await other.newPage();
    try {
      await openBuilder(mine, id);
      await openBuilder(theirs, id);
      await editTitle(mine, 'Opening', 'Opening by admin');
      await editTitle(theirs, 'Opening', 'Opening by Robin');
      await editTitle(theirs, 'Closing', 'Closing by Robin');

      expect(await save(mine)).toBe(200);
      expect(await save(theirs)).toBe(409);
      const dialog = theirs.getByRole('dialog', { name: 'Someone else saved this meanwhile' });
      const question = dialog.getByRole('group', { name: 'Opening (block 1): changed in both versions' });
      await question.waitFor();
      // Each choice says what differs in the block: its fields by their labels, with their values.
      const keepMine = question.getByRole('radio', {
        name: 'Keep mine: Content › Title “Opening by Robin”',
        exact: true,
      });
      expect(await keepMine.isChecked()).toBe(true);
      await question
        .getByRole('radio', { name: 'Take theirs: Content › Title “Opening by admin”', exact: true })
        .check();
      const merged = theirs.waitForResponse((r) => new URL(r.url()).pathname === '/api/pages/update');
      await dialog.getByRole('button', { name: 'Merge and save' }).click();
      expect((await merged).status()).toBe(200);

      const stored = await storedPage(token, id);
      expect(stored.items.map((item) => item.sections.content?.fields.title)).toEqual([
        'Opening by admin',
        'Closing by Robin',
      ]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
  it('keeps one editor’s meta title and the other’s meta description, without asking', async () => {
    const id = await createPage(token, `About ${uniqueToken()}`);
    const mine = await admin.newPage();
    const theirs = await other.newPage();
    try {
      await openBuilder(mine, id);
      await openBuilder(theirs, id);
      await field(mine, 'Meta title').fill('About us, by admin');
      await field(theirs, 'Meta description').fill('Description by Robin');

      expect(await save(mine)).toBe(200);
      expect(await saveThroughMerge(theirs)).toEqual([409, 200]);
      await successToasts(theirs).getByText(`Merged with what ${adminName} saved meanwhile.`).waitFor();
      expect(await theirs.getByRole('dialog').count()).toBe(0);
      // The editor now holds both changes, as stored.
      expect(await field(theirs, 'Meta title').inputValue()).toBe('About us, by admin');
      expect((await storedPage(token, id)).meta).toEqual({
        title: 'About us, by admin',
        description: 'Description by Robin',
      });
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('asks about a meta title both changed by its label, showing both titles as text', async () => {
    const id = await createPage(token, `Story ${uniqueToken()}`);
    const mine = await admin.newPage();
    const theirs = await other.newPage();
    try {
      await openBuilder(mine, id);
      await openBuilder(theirs, id);
      await field(mine, 'Meta title').fill('Our story, by admin');
      await field(theirs, 'Meta title').fill('Our story, by Robin');
      await field(theirs, 'Meta description').fill('Description by Robin');

      expect(await save(mine)).toBe(200);
      expect(await save(theirs)).toBe(409);
      const dialog = theirs.getByRole('dialog', { name: 'Someone else saved this meanwhile' });
      await dialog
        .getByText(`this was changed by ${adminName} after you opened it`, { exact: false })
        .waitFor();
      const question = dialog.getByRole('group', { name: 'Meta title: changed in both versions' });
      const keepMine = question.getByRole('radio', { name: 'Keep mine: “Our story, by Robin”', exact: true });
      expect(await keepMine.isChecked()).toBe(true);
      await question
        .getByRole('radio', { name: 'Take theirs: “Our story, by admin”', exact: true })
        .waitFor();
      // Only the title is asked about: the description only Robin changed is merged.
      expect(await dialog.getByRole('group').count()).toBe(1);
      const merged = awaitedLater(theirs.waitForResponse(isUpdate));
      await dialog.getByRole('button', { name: 'Merge and save' }).click();
      expect((await merged).status()).toBe(200);
      expect((await storedPage(token, id)).meta).toEqual({
        title: 'Our story, by Robin',
        description: 'Description by Robin',
      });
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
  it('tells an editor who has the page open in two tabs so, and says a save from the other tab is theirs', async () => {
    const id = await createPage(token, `Tabs ${uniqueToken()}`);
    const first = await admin.newPage();
    const second = await admin.newPage();
    try {
      await openBuilder(first, id);
      await openBuilder(second, id);
      for (const tab of [first, second])
        await expect
          .poll(() => presenceNotice(tab).textContent())
          .toBe('You are also editing this page in another tab.');
      await field(first, 'Meta title').fill('Title from the first tab');
      await field(second, 'Meta title').fill('Title from the second tab');

      expect(await save(first)).toBe(200);
      expect(await save(second)).toBe(409);
      const dialog = second.getByRole('dialog', { name: 'This page was saved in another tab meanwhile' });
      await dialog.getByRole('group', { name: 'Meta title: changed in both versions' }).waitFor();
      await dialog.getByText('you saved this page in another tab or window', { exact: false }).waitFor();

      await first.close();
      await expect.poll(() => presenceNotice(second).textContent()).toBe('');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
