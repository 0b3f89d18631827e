import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { apiToken, createBrand, createPage, createUser, GROUP_ADMINISTRATOR_ROLE, uniqueToken } from './api';
import { chooseOption, field, hasChromium, launchBrowser, signedInPage, successToasts } from './browser';
import { baseURL } from './server';

const PASSWORD = 'Forecourt-Pass-2024';

/** The rows of the activity table as a user reads them: When, Who, Area, Action, What. */
async function rows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Activity' });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())),
    );
}

/** Waits until the log has loaded what the address asks for (no skeleton, nothing busy). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-skeleton]'));
}

const choose = chooseOption;

describe.skipIf(!hasChromium)('activity log', () => {
  const admin = signedInAdmin();
  const tag = uniqueToken();
  const sam = { name: `Sam Activity ${tag}`, email: `sam-activity-${tag}@example.com` };
  const made = { samBrand: 0, adminBrand: 0, samPage: 0, sam: 0 };

  beforeAll(async () => {
    // A mixed session: a second user signs in (once wrongly), both make changes in two areas.
    // Sam makes changes in two areas: a Group administrator, as everyone was before roles.
    made.sam = await createUser(admin.token, {
      ...sam,
      password: PASSWORD,
      role_id: GROUP_ADMINISTRATOR_ROLE,
    });
    const wrong = await fetch(new URL('/api/auth/login', baseURL()), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: sam.email, password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(422);
    const samToken = await apiToken(sam.email, PASSWORD);
    made.samBrand = await createBrand(samToken, { name: `Sam brand ${tag}`, slug: `sam-brand-${tag}` });
    made.adminBrand = await createBrand(admin.token, {
      name: `Admin brand ${tag}`,
      slug: `admin-brand-${tag}`,
    });
    made.samPage = await createPage(samToken, `Sam page ${tag}`);
    await createPage(admin.token, `Admin page ${tag}`);

    // Sam signs in to the console too, and renames the brand there.
    const browser = await launchBrowser();
    try {
      const samPage = await signedInPage(browser, sam.email, PASSWORD);
      await samPage.goto(`/brands/edit/${made.samBrand}`);
      await samPage.getByText(`Updating Sam brand ${tag}`, { exact: true }).waitFor();
      await field(samPage, 'Name').fill(`Sam brand renamed ${tag}`);
      await samPage.getByRole('button', { name: 'Save' }).click();
      await successToasts(samPage).getByText('You have updated a brand.').waitFor();
    } finally {
      await browser.close();
    }
  });

  it('shows what one user did in one area, and keeps the filters through a reload and Back', async () => {
    const page = await admin.newPage();
    try {
      await page.goto('/dashboard');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Activity', exact: true })
        .click();
      await page.waitForURL(/\/activity$/);
      await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
      await settled(page);

      await choose(page, 'User', sam.name);
      await page.waitForURL(new RegExp(`/activity\\?user=${made.sam}$`));
      await choose(page, 'Area', 'Brands');
      await page.waitForURL(new RegExp(`/activity\\?user=${made.sam}&area=brands$`));
      await settled(page);

      // Newest first, each naming the brand as it was then; the admin's brand is not there.
      const brandRows = await rows(page);
      expect(brandRows.map(([, who, area, action, what]) => [who, area, action, what])).toEqual([
        [sam.name, 'Brands', 'Updated', `Sam brand renamed ${tag} (this version)`],
        [sam.name, 'Brands', 'Created', `Sam brand ${tag} (this version)`],
      ]);
      expect(brandRows[0]?.[0]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{2}, \d{2}:\d{2}$/);
      for (const link of await page.getByRole('link', { name: /^Sam brand/ }).all())
        expect(await link.getAttribute('href')).toBe(`/brands/edit/${made.samBrand}`);

      await choose(page, 'Area', 'Pages');
      await page.waitForURL(new RegExp(`/activity\\?user=${made.sam}&area=pages$`));
      await settled(page);
      expect(await rows(page)).toEqual([
        [expect.any(String), sam.name, 'Pages', 'Created', `Sam page ${tag} (this version)`],
      ]);
      expect(
        await page.getByRole('link', { name: `Sam page ${tag}`, exact: true }).getAttribute('href'),
      ).toBe(`/pages/edit/${made.samPage}`);

      await choose(page, 'Area', 'Sign-in');
      await settled(page);
      const signIns = await rows(page);
      // Sam signed in twice: to the API, then to the console.
      expect(signIns.map(([, who, area, action]) => [who, area, action])).toEqual([
        [sam.name, 'Sign-in', 'Signed in'],
        [sam.name, 'Sign-in', 'Signed in'],
      ]);
      for (const [, who] of signIns) expect(who).toBe(sam.name);

      // A reload shows the same filtered rows; Back returns to the pages.
      await page.reload();
      await settled(page);
      expect(await rows(page)).toEqual(signIns);
      await expect
        .poll(() => page.getByRole('button', { name: /(^|\s)User$/ }).textContent())
        .toContain(sam.name);
      await page.goBack();
      await page.waitForURL(new RegExp(`/activity\\?user=${made.sam}&area=pages$`));
      await settled(page);
      expect((await rows(page)).map((row) => row[4])).toEqual([`Sam page ${tag} (this version)`]);

      // Clearing leaves everyone's activity, the admin's brand among it.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL(/\/activity$/);
      await settled(page);
      expect((await rows(page)).length).toBeGreaterThan(1);

      // A failed sign-in belongs to nobody signed in: it is found by its area and action, with the address tried.
      await choose(page, 'Area', 'Sign-in');
      await choose(page, 'Action', 'Failed sign-in');
      await page.waitForURL(/\/activity\?area=auth&action=sign_in_failed$/);
      await settled(page);
      expect(
        (await rows(page)).map(([, who, area, action, what]) => [who, area, action, what]),
      ).toContainEqual(['System', 'Sign-in', 'Failed sign-in', sam.email]);

      // The version a change stored opens in its editor, compared with the current version.
      await page.goto(`/activity?user=${made.sam}&area=brands&action=created`);
      await settled(page);
      await page.getByRole('link', { name: `The version this made of Sam brand ${tag}` }).click();
      await page.waitForURL(new RegExp(`/brands/edit/${made.samBrand}$`));
      const history = page.getByRole('dialog', { name: 'History' });
      await history
        .getByRole('heading', {
          name: new RegExp(`^The version of .* \\(Created by ${sam.name}\\) compared`),
        })
        .waitFor();
      await expect.poll(() => history.textContent()).toContain('renamed');
    } finally {
      await page.close();
    }
  });

  it('explains a date range the wrong way round under the To field', async () => {
    const page = await admin.newPage();
    try {
      await page.goto('/activity?from=2026-11-20&to=2026-11-01');
      await page.getByRole('heading', { name: 'No activity to show for these filters.' }).waitFor();
      const to = page.getByLabel('To', { exact: true });
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(() =>
          to.evaluate((element) =>
            (element.getAttribute('aria-describedby') ?? '')
              .split(' ')
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(''),
          ),
        )
        .toBe('Choose an end date on or after the start date.');
    } finally {
      await page.close();
    }
  });
});
