import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '@/api/contract/brands';
import type { SiteSettings } from '@/api/contract/settings';
import type { User } from '@/api/contract/users';
import {
  apiRequest,
  apiToken,
  createBrand,
  createUser,
  deleteForGood,
  type LifecycleKey,
  uniqueToken,
} from './api';
import { awaitedLater, field, hasChromium, launchBrowser, signedInContext, successToasts } from './browser';

/**
 * Design §5: an update carries the updated_at the editor loaded; a stale one gets 409, and the
 * console shows the conflict instead of overwriting someone else's work. Each test opens an editor,
 * lets someone else save the same record through the API, then saves from the stale editor.
 */

const USER_CONFLICT = 'Someone else changed this user since you opened it. Reload to see their changes.';
const BRAND_CONFLICT = 'Someone else changed this brand since you opened it. Reload to see their changes.';
const SETTINGS_CONFLICT =
  'Someone else changed the settings since you opened them. Reload to see their changes.';

/** The conflict notice: an alert above the form (error toasts are another alert, named 'Errors'). */
function conflictNotice(page: Page, message: string) {
  return page.getByRole('alert').filter({ hasText: message });
}

/** Presses Save and answers the status of the update call it leads to (after the validation call). */
async function save(page: Page, area: LifecycleKey | 'settings', id?: number): Promise<number> {
  const path = id === undefined ? `/api/${area}/update` : `/api/${area}/update/${id}`;
  const updated = awaitedLater(page.waitForResponse((r) => new URL(r.url()).pathname === path));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return (await updated).status();
}

describe.skipIf(!hasChromium)('saving over a change someone else has just made', () => {
  let browser: Browser;
  let context: BrowserContext;
  let token: string;
  const made: Record<'users' | 'brands', number[]> = { users: [], brands: [] };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
    context = await signedInContext(browser);
  });

  afterAll(async () => {
    if (token) {
      if (made.users.length) await deleteForGood(token, 'users', { ids: made.users });
      if (made.brands.length) await deleteForGood(token, 'brands', { ids: made.brands });
    }
    await context?.close();
    await browser?.close();
  });

  it('shows a user’s conflict, keeps what was typed, and loads their changes when asked', async () => {
    const tag = uniqueToken();
    const email = `clash-${tag}@example.com`;
    const mine = { name: `Clash ${tag} Original`, job_title: 'Sales Executive' };
    const theirs = { name: `Clash ${tag} Theirs`, telephone: '0113 496 0101', job_title: 'Workshop Manager' };
    const id = await createUser(token, { name: mine.name, email, job_title: mine.job_title });
    made.users.push(id);
    const show = async () => (await apiRequest<{ data: User }>(token, 'GET', `users/show/${id}`)).data;

    const page = await context.newPage();
    try {
      await page.goto(`/users/edit/${id}`);
      await page.getByText(`Updating ${mine.name}`, { exact: true }).waitFor();
      expect(await field(page, 'Job title').inputValue()).toBe(mine.job_title);

      // Someone else saves the user while the form is open.
      const opened = await show();
      await apiRequest(token, 'POST', `users/update/${id}`, {
        ...theirs,
        email,
        password: '',
        avatar: null,
        updated_at: opened.updated_at,
      });
      const afterTheirs = await show();
      expect(afterTheirs.updated_at).not.toBe(opened.updated_at);

      await field(page, 'Job title').fill('Sales Lead');
      expect(await save(page, 'users', id)).toBe(409);

      const notice = conflictNotice(page, USER_CONFLICT);
      await notice.getByText(USER_CONFLICT, { exact: true }).waitFor();
      // Nothing typed is lost, nothing of theirs is overwritten, and the editor stays open.
      expect(await field(page, 'Job title').inputValue()).toBe('Sales Lead');
      expect(await field(page, 'Name').inputValue()).toBe(mine.name);
      expect(new URL(page.url()).pathname).toBe(`/users/edit/${id}`);
      const stored = await show();
      expect(stored).toMatchObject({ name: theirs.name, updated_at: afterTheirs.updated_at });
      expect(stored.meta).toMatchObject({ telephone: theirs.telephone, job_title: theirs.job_title });

      await notice.getByRole('button', { name: 'Load their changes', exact: true }).click();
      await page.getByText(`Updating ${theirs.name}`, { exact: true }).waitFor();
      expect(await field(page, 'Name').inputValue()).toBe(theirs.name);
      expect(await field(page, 'Telephone').inputValue()).toBe(theirs.telephone);
      expect(await field(page, 'Job title').inputValue()).toBe(theirs.job_title);
      expect(await conflictNotice(page, USER_CONFLICT).count()).toBe(0);

      // Their version is now the one being edited: a save on top of it goes through.
      await field(page, 'Job title').fill('Sales Lead');
      expect(await save(page, 'users', id)).toBe(200);
      await successToasts(page).getByText('You have updated a user.', { exact: true }).waitFor();
      await page.waitForURL(/\/users$/);
      const final = await show();
      expect(final.name).toBe(theirs.name);
      expect(final.meta).toMatchObject({ telephone: theirs.telephone, job_title: 'Sales Lead' });
    } finally {
      await page.close();
    }
  });

  it('shows a settings conflict from another tab, keeps what was typed, and loads their changes when asked', async () => {
    const tag = uniqueToken();
    const other = await signedInContext(browser);
    const mine = await context.newPage();
    const theirs = await other.newPage();
    const openSettings = async (page: Page) => {
      await page.goto('/settings');
      await field(page, 'Site name').waitFor();
    };
    try {
      await openSettings(mine);
      await openSettings(theirs);

      // Someone else, in their own browser, saves the settings while this form is open.
      await field(theirs, 'Site name').fill(`Theirs ${tag}`);
      await field(theirs, 'Voucher code').fill('THEIRS');
      expect(await save(theirs, 'settings')).toBe(200);
      await successToasts(theirs).getByText('You have updated your settings.', { exact: true }).waitFor();

      await field(mine, 'Site name').fill(`Mine ${tag}`);
      await field(mine, 'Initials').fill('MN');
      expect(await save(mine, 'settings')).toBe(409);
      const notice = conflictNotice(mine, SETTINGS_CONFLICT);
      await notice.getByText(SETTINGS_CONFLICT, { exact: true }).waitFor();
      // Nothing typed is lost, and nothing of theirs is overwritten.
      expect(await field(mine, 'Site name').inputValue()).toBe(`Mine ${tag}`);
      expect(await field(mine, 'Initials').inputValue()).toBe('MN');
      expect(await successToasts(mine).getByText('You have updated your settings.').count()).toBe(0);
      const stored = (await apiRequest<{ data: SiteSettings }>(token, 'GET', 'settings')).data;
      expect(stored).toMatchObject({ site_name: `Theirs ${tag}`, voucher: { code: 'THEIRS' } });

      await notice.getByRole('button', { name: 'Load their changes', exact: true }).click();
      await expect.poll(() => field(mine, 'Site name').inputValue()).toBe(`Theirs ${tag}`);
      expect(await field(mine, 'Voucher code').inputValue()).toBe('THEIRS');
      expect(await conflictNotice(mine, SETTINGS_CONFLICT).count()).toBe(0);

      // Their version is now the one being edited: saves on top of it go through, one after another.
      await field(mine, 'Initials').fill('MN');
      expect(await save(mine, 'settings')).toBe(200);
      await field(mine, 'Voucher code').fill('MINE');
      expect(await save(mine, 'settings')).toBe(200);
      const final = (await apiRequest<{ data: SiteSettings }>(token, 'GET', 'settings')).data;
      expect(final).toMatchObject({
        site_name: `Theirs ${tag}`,
        hpi: { initials: 'MN' },
        voucher: { code: 'MINE' },
      });
    } finally {
      await mine.close();
      await other.close();
    }
  });

  it('shows a brand’s conflict, keeps what was typed, and loads their changes when asked', async () => {
    const tag = uniqueToken();
    const mine = { name: `Clash ${tag} Motors`, slug: `clash-${tag}-motors` };
    const theirs = { name: `Clash ${tag} Theirs`, slug: `clash-${tag}-theirs` };
    const id = await createBrand(token, { ...mine, live: false });
    made.brands.push(id);
    const show = async () => (await apiRequest<{ data: Brand }>(token, 'GET', `brands/show/${id}`)).data;

    const page = await context.newPage();
    try {
      await page.goto(`/brands/edit/${id}`);
      await page.getByText(`Updating ${mine.name}`, { exact: true }).waitFor();
      const live = page.getByRole('switch', { name: 'Live' });
      expect(await live.isChecked()).toBe(false);

      // Someone else renames the brand, moves its address and puts it live while the form is open.
      const opened = await show();
      await apiRequest(token, 'POST', `brands/update/${id}`, {
        ...theirs,
        live: true,
        is_fake: opened.is_fake,
        manufacturer_id: opened.manufacturer_id,
        lcv_manufacturer_id: opened.lcv_manufacturer_id,
        logo: null,
        updated_at: opened.updated_at,
      });
      const afterTheirs = await show();
      expect(afterTheirs.updated_at).not.toBe(opened.updated_at);

      await field(page, 'Name').fill(`Clash ${tag} Mine`);
      expect(await save(page, 'brands', id)).toBe(409);

      const notice = conflictNotice(page, BRAND_CONFLICT);
      await notice.getByText(BRAND_CONFLICT, { exact: true }).waitFor();
      expect(await field(page, 'Name').inputValue()).toBe(`Clash ${tag} Mine`);
      expect(await field(page, 'Slug').inputValue()).toBe(mine.slug);
      expect(await live.isChecked()).toBe(false);
      expect(new URL(page.url()).pathname).toBe(`/brands/edit/${id}`);
      expect(await show()).toMatchObject({ ...theirs, live: true, updated_at: afterTheirs.updated_at });

      await notice.getByRole('button', { name: 'Load their changes', exact: true }).click();
      await page.getByText(`Updating ${theirs.name}`, { exact: true }).waitFor();
      expect(await field(page, 'Name').inputValue()).toBe(theirs.name);
      expect(await field(page, 'Slug').inputValue()).toBe(theirs.slug);
      expect(await page.getByRole('switch', { name: 'Live' }).isChecked()).toBe(true);
      expect(await conflictNotice(page, BRAND_CONFLICT).count()).toBe(0);

      await field(page, 'Name').fill(`Clash ${tag} Mine`);
      expect(await save(page, 'brands', id)).toBe(200);
      await successToasts(page).getByText('You have updated a brand.', { exact: true }).waitFor();
      await page.waitForURL(/\/brands$/);
      expect(await show()).toMatchObject({ name: `Clash ${tag} Mine`, slug: theirs.slug, live: true });
    } finally {
      await page.close();
    }
  });
});
