import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Brand } from '@/api/contract/brands';
import { signedInAdmin } from './admin';
import { apiRequest, createBrand, createDealership, createUser, READ_ONLY_ROLE, uniqueToken } from './api';
import { chooseOption, field, focusReaches, hasChromium, successToasts } from './browser';
import { searchFor } from './users-list';

/**
 * Every validate-then-save form (brands, dealerships, users, roles, settings, webhooks, workflows,
 * imports) asks before what the user changed is lost, as the builder does; one opened and left
 * as it was lets the user go.
 */
describe.skipIf(!hasChromium)('leaving a form with changes not saved', () => {
  const admin = signedInAdmin();
  let page: Page;

  const prompt = () => page.getByRole('alertdialog', { name: 'Unsaved changes' });
  const sidebarLink = (name: string) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

  beforeEach(async () => {
    page = await admin.newPage();
    return () => page.close();
  });

  it('lets the user leave every form they opened and changed nothing in', async () => {
    const tag = uniqueToken();
    const brand = await createBrand(admin.token, { name: `Untouched ${tag}`, slug: `untouched-${tag}` });
    const dealership = await createDealership(admin.token, {
      name: `Untouched ${tag}`,
      slug: `untouched-${tag}`,
    });
    const user = await createUser(admin.token, {
      name: `Untouched ${tag}`,
      email: `untouched.${tag}@example.com`,
      password: 'a long enough password',
    });
    // Given a role and a scope, so the scope's lists hold a choice beside their blank entries.
    const scoped = await createUser(admin.token, {
      name: `Scoped ${tag}`,
      email: `scoped.${tag}@example.com`,
      password: 'a long enough password',
      role_id: 5,
      scope: { brand_ids: [], dealership_ids: [1] },
    });
    const webhook = await apiRequest<{ id: number }>(admin.token, 'POST', 'webhooks/create', {
      url: 'http://127.0.0.1:9/untouched',
      events: ['page.published'],
      brand_ids: [],
      dealership_ids: [],
      enabled: false,
    });
    // A workflow that governs nothing, so no other test's page waits on it.
    const workflow = await apiRequest<{ id: number }>(admin.token, 'POST', 'workflows/create', {
      name: `Untouched ${tag}`,
      applies_to: { page_ids: [], brand_ids: [], forms: false },
      stages: [{ name: 'Untouched stage', role_ids: [1], user_ids: [], due_hours: 12 }],
    });
    const forms = [
      '/brands/add',
      // The demo's first brand and dealership, with their library images (a logo, banners, a team).
      '/brands/edit/1',
      '/dealerships/edit/1',
      `/brands/edit/${brand}`,
      '/dealerships/add',
      `/dealerships/edit/${dealership}`,
      '/users/add',
      `/users/edit/${user}`,
      `/users/edit/${scoped}`,
      '/roles/add',
      `/roles/edit/${READ_ONLY_ROLE}`,
      '/settings',
      '/webhooks/add',
      `/webhooks/edit/${webhook.id}`,
      '/workflows/add',
      `/workflows/edit/${workflow.id}`,
      '/pages/import',
    ];
    for (const form of forms) {
      await page.goto(form);
      const save = page.getByRole('button', { name: /^(Save|Import)$/ });
      await save.waitFor();
      // Loaded: its choices (a brand's makers, a user's roles) are in and enabled.
      await expect.poll(() => save.isEnabled(), { message: form }).toBe(true);
      await page.waitForLoadState('networkidle');
      await sidebarLink('Dashboard').click();
      await page.waitForURL(/\/dashboard$/, { timeout: 5_000 }).catch(() => {
        throw new Error(`leaving ${form}, unchanged, was held up`);
      });
      expect(await prompt().count()).toBe(0);
    }
  });

  it('asks before a typed edit is lost: Stay keeps it and the focus, Leave goes and the record is unchanged', async () => {
    const tag = uniqueToken();
    const name = `Kept ${tag}`;
    const id = await createBrand(admin.token, { name, slug: `kept-${tag}` });
    await page.goto(`/brands/edit/${id}`);
    await page.getByText(`Updating ${name}`, { exact: true }).waitFor();
    await field(page, 'Name').fill(`${name} edited`);

    const dealerships = sidebarLink('Dealerships');
    await dealerships.click();
    await prompt().waitFor();
    await focusReaches(prompt().getByRole('button', { name: 'Stay' }));
    await page.keyboard.press('Enter');
    await prompt().waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/brands/edit/${id}`);
    expect(await field(page, 'Name').inputValue()).toBe(`${name} edited`);
    await focusReaches(dealerships);

    await page.getByRole('link', { name: 'Cancel', exact: true }).click();
    await prompt().getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/brands$/);
    expect((await apiRequest<{ data: Brand }>(admin.token, 'GET', `brands/show/${id}`)).data.name).toBe(name);
  });

  it('asks before what was typed in a new record is lost, from the side navigation and from Cancel', async () => {
    const typed: [form: string, entries: [label: string, value: string][]][] = [
      ['/brands/add', [['Name', 'Zeta Motors']]],
      [
        '/users/add',
        [
          ['Name', 'Zeta Person'],
          ['Email', 'zeta.person@example.com'],
        ],
      ],
      ['/roles/add', [['Name', 'Zeta role']]],
      ['/dealerships/add', [['Name', 'Zeta Cars']]],
      ['/webhooks/add', [['URL', 'http://127.0.0.1:9/zeta']]],
      ['/workflows/add', [['Name', 'Zeta review']]],
      ['/pages/import', [['Confirmation e-mail', 'zeta.person@example.com']]],
    ];
    for (const [form, entries] of typed) {
      await page.goto(form);
      const save = page.getByRole('button', { name: /^(Save|Import)$/ });
      await expect.poll(() => save.isEnabled(), { message: form }).toBe(true);
      for (const [label, value] of entries) await field(page, label).fill(value);

      await sidebarLink('Dashboard').click();
      await prompt()
        .waitFor({ timeout: 5_000 })
        .catch(() => {
          throw new Error(`leaving ${form} after typing did not ask`);
        });
      await prompt().getByRole('button', { name: 'Stay' }).click();
      expect(new URL(page.url()).pathname).toBe(form);
      for (const [label, value] of entries) expect(await field(page, label).inputValue()).toBe(value);

      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await prompt().getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL((url) => url.pathname !== form);
    }
  });

  it('asks after a choice made in a list box, and on Back; a saved form goes on without asking', async () => {
    const tag = uniqueToken();
    const id = await createUser(admin.token, {
      name: `Chooser ${tag}`,
      email: `chooser.${tag}@example.com`,
      password: 'a long enough password',
    });
    // Opened from the list, so Back is a step within the console.
    await page.goto('/users');
    await searchFor(page, `Chooser ${tag}`);
    await page.getByRole('link', { name: `Edit Chooser ${tag}`, exact: true }).click();
    await page.getByText(`Updating Chooser ${tag}`, { exact: true }).waitFor();
    await chooseOption(page, 'Role', 'Sales');

    await page.goBack();
    await prompt().waitFor();
    await prompt().getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe(`/users/edit/${id}`);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('You have updated a user.').last().waitFor();
    await page.waitForURL(/\/users$/);
    expect(await prompt().count()).toBe(0);
  });

  it('lets someone who may only read a brand leave its read-only form', async () => {
    const tag = uniqueToken();
    const email = `reader.${tag}@example.com`;
    await createUser(admin.token, { name: `Reader ${tag}`, email, password: 'a long enough password' });
    await page.close();
    page = await admin.pageAs(email, 'a long enough password');
    await page.goto('/brands/edit/1');
    await expect.poll(() => field(page, 'Name').isDisabled()).toBe(true);
    await sidebarLink('Dealerships').click();
    await page.waitForURL(/\/dealerships$/);
    expect(await prompt().count()).toBe(0);
    await page.context().close();
  });
});
