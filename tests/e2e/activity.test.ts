import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAdmin } from './admin';
import { apiToken, createBrand, createPage, createUser, uniqueToken } from './api';
import { hasChromium } from './browser';

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

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`(^|\\s)${label}$`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)('activity log', () => {
  const admin = signedInAdmin();
  const tag = uniqueToken();
  const sam = { name: `Sam Activity ${tag}`, email: `sam-activity-${tag}@example.com` };
  const made = { samBrand: 0, adminBrand: 0, samPage: 0, sam: 0 };

  beforeAll(async () => {
    // A mixed session: a second user signs in (once wrongly), both make changes in two areas.
    made.sam = await createUser(admin.token, { ...sam, password: PASSWORD });
    const wrong = await fetch(new URL('/api/auth/login', inject('baseURL')), {
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

      const brandRows = await rows(page);
      expect(brandRows.length).toBeGreaterThan(0);
      for (const [, who, area] of brandRows) {
        expect(who).toBe(sam.name);
        expect(area).toBe('Brands');
      }
      // Newest first: the creation is the last of Sam's brand entries; the admin's brand is not there.
      expect(brandRows.at(-1)?.slice(1)).toEqual([
        `Sam Activity ${tag}`,
        'Brands',
        'Created',
        `Sam brand ${tag}`,
      ]);
      expect(brandRows.flat().join(' ')).not.toContain(`Admin brand ${tag}`);
      expect(brandRows.at(-1)?.[0]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{2}, \d{2}:\d{2}$/);
      const link = page.getByRole('link', { name: `Sam brand ${tag}` }).last();
      expect(await link.getAttribute('href')).toBe(`/brands/edit/${made.samBrand}`);

      await choose(page, 'Area', 'Pages');
      await page.waitForURL(new RegExp(`/activity\\?user=${made.sam}&area=pages$`));
      await settled(page);
      expect(await rows(page)).toEqual([
        [expect.any(String), sam.name, 'Pages', 'Created', `Sam page ${tag}`],
      ]);
      expect(await page.getByRole('link', { name: `Sam page ${tag}` }).getAttribute('href')).toBe(
        `/pages/edit/${made.samPage}`,
      );

      await choose(page, 'Area', 'Sign-in');
      await settled(page);
      const signIns = await rows(page);
      expect(signIns.map(([, who, area, action]) => [who, area, action])).toContainEqual([
        sam.name,
        'Sign-in',
        'Signed in',
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
      expect((await rows(page)).map((row) => row[4])).toEqual([`Sam page ${tag}`]);

      // Clearing leaves everyone's activity, the admin's brand among it.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL(/\/activity$/);
      await settled(page);
      expect((await rows(page)).length).toBeGreaterThan(1);
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
