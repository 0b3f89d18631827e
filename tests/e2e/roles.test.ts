import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@/api/contract/roles';
import type { User } from '@/api/contract/users';
import { apiRequest, apiToken, createBrand, createUser, uniqueToken } from './api';
import { chooseOption, field, hasChromium, launchBrowser, signedInPage, successToasts } from './browser';
import { searchFor, waitForRowNames } from './users-list';

describe.skipIf(!hasChromium)('roles', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const tag = uniqueToken();
  const roleName = `Publishers ${tag}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser);
    token = await apiToken();
  });
  afterAll(() => browser?.close());

  it('adds a role with the matrix by keyboard and lists it', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Roles', exact: true }).click();
    await page.getByRole('link', { name: 'Add role' }).click();
    await page.waitForURL((url) => url.pathname === '/roles/add');
    await field(page, 'Name').fill(roleName);
    // Pages: view, then Tab to the next cell (Pages: create), each ticked with Space.
    await page.getByRole('checkbox', { name: 'Pages: view', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe(
      'Pages: create',
    );
    await page.keyboard.press('Space');
    // A row's 'all' box ticks every cell of the row.
    await page.getByRole('checkbox', { name: 'Reservations: all', exact: true }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Reservations: refund', exact: true }).isChecked()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('You have added a new role.', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/roles');
    await searchFor(page, roleName, 'roles');
    await waitForRowNames(page, [roleName]);

    const { roles } = await apiRequest<{ roles: { data: Role[] } }>(
      token,
      'GET',
      `roles?search=${encodeURIComponent(roleName)}`,
    );
    expect(roles.data[0]?.permissions).toEqual({
      pages: ['view', 'create'],
      reservations: ['view', 'export', 'refund'],
    });
  });

  it('shows a role’s history and loads an earlier version into the matrix', async () => {
    const { roles } = await apiRequest<{ roles: { data: Role[] } }>(
      token,
      'GET',
      `roles?search=${encodeURIComponent(roleName)}`,
    );
    const role = roles.data[0]!;
    await apiRequest(token, 'POST', `roles/update/${role.id}`, {
      name: roleName,
      permissions: { pages: ['view'] },
    });
    await page.goto(`/roles/edit/${role.id}`);
    const refund = page.getByRole('checkbox', { name: 'Reservations: refund', exact: true });
    await field(page, 'Name').waitFor();
    expect(await refund.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const revisions = dialog.getByRole('list', { name: 'Revisions, newest first' }).getByRole('listitem');
    await expect.poll(() => revisions.count()).toBe(2);
    await revisions
      .nth(1)
      .getByRole('button', { name: /^Compare/ })
      .click();
    const changed = dialog.getByRole('region', { name: 'Fields changed' });
    await changed.getByText('Reservations', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => refund.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Pages: create', exact: true }).isChecked()).toBe(true);
  });

  it("edits a user's role and scope, and the list shows both", async () => {
    const brandName = `Scope Brand ${tag}`;
    const brandId = await createBrand(token, { name: brandName, slug: `scope-brand-${tag}` });
    const name = `Scoped Sky ${tag}`;
    const id = await createUser(token, { name, email: `scoped.sky.${tag}@example.com` });
    await page.goto(`/users/edit/${id}`);
    await field(page, 'Name').waitFor();
    await chooseOption(page, 'Role', roleName);
    await page.getByRole('radio', { name: 'Chosen brands and dealerships' }).check();
    await page.getByRole('checkbox', { name: brandName, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('You have updated a user.', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/users');
    await searchFor(page, name);
    await waitForRowNames(page, [name]);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(roleName, { exact: true }).waitFor();
    await row.getByText(brandName, { exact: true }).waitFor();

    const { data } = await apiRequest<{ data: User }>(token, 'GET', `users/show/${id}`);
    expect(data.role.name).toBe(roleName);
    expect(data.scope).toEqual({ brand_ids: [brandId], dealership_ids: [] });
  });
});
