import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { apiRequest, createUser, listUsers, uniqueToken } from './api';
import { chooseOption, field, focusReaches, hasChromium, successToasts } from './browser';

const CHOOSE_SCOPE = 'Choose at least one brand or dealership.';

/** Picks "Chosen brands and dealerships", ticks nothing, and saves. */
async function saveWithNothingChosen(page: Page): Promise<Locator> {
  const scope = page.getByRole('group', { name: 'Scope', exact: true });
  await scope.getByRole('radio', { name: 'Chosen brands and dealerships' }).check();
  await scope.getByRole('checkbox').first().waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await scope.getByText(CHOOSE_SCOPE, { exact: true }).waitFor();
  // The refused save takes the user to the first choice they can make.
  await focusReaches(scope.getByRole('checkbox').first());
  return scope;
}

describe.skipIf(!hasChromium)('a scope limited to chosen brands and dealerships, with none chosen', () => {
  const admin = signedInAdmin();
  const prefix = `Sc${uniqueToken()}`;

  it('is refused on a new user, under Scope, keeping what was typed', async () => {
    const page = await admin.newPage();
    await page.goto('/users/add');
    const typed = { Name: `${prefix} Limited Lee`, Email: `${prefix.toLowerCase()}.lee@example.com` };
    for (const [label, value] of Object.entries(typed)) await field(page, label).fill(value);
    await field(page, 'Password').fill('Forecourt-Pass-2024');
    await chooseOption(page, 'Role', 'Sales');
    await saveWithNothingChosen(page);
    for (const [label, value] of Object.entries(typed))
      expect(await field(page, label).inputValue()).toBe(value);
    expect(new URL(page.url()).pathname).toBe('/users/add');
    expect((await listUsers(admin.token, typed.Name)).users.total).toBe(0);
  });

  it('is refused on a user’s edit, and their whole-group scope is kept', async () => {
    const name = `${prefix} Whole Wyn`;
    const id = await createUser(admin.token, { name, email: `${prefix.toLowerCase()}.wyn@example.com` });
    const page = await admin.newPage();
    await page.goto(`/users/edit/${id}`);
    await page.getByText(`Updating ${name}`, { exact: true }).waitFor();
    await field(page, 'Job title').fill('Parts Adviser');
    await saveWithNothingChosen(page);
    expect(await field(page, 'Job title').inputValue()).toBe('Parts Adviser');
    expect(await successToasts(page).getByText('You have updated a user.').count()).toBe(0);
    const saved = await apiRequest<{ data: { meta: { job_title?: string | null }; scope: unknown } }>(
      admin.token,
      'GET',
      `users/show/${id}`,
    );
    expect(saved.data.meta.job_title ?? '').toBe('');
    expect(saved.data.scope).toEqual({ brand_ids: [], dealership_ids: [] });
  });

  it('is refused on a new webhook', async () => {
    const page = await admin.newPage();
    await page.goto('/webhooks/add');
    const url = `https://hooks.example.com/${prefix}`;
    await field(page, 'URL').fill(url);
    const event = page.getByRole('checkbox', { name: /Page published/ });
    await event.focus();
    await page.keyboard.press('Space');
    await saveWithNothingChosen(page);
    expect(await field(page, 'URL').inputValue()).toBe(url);
    expect(await page.getByRole('dialog', { name: 'Signing secret' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/webhooks/add');
  });
});
