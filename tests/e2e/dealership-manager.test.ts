import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@/api/contract/users';
import { signedInAdmin } from './admin';
import {
  apiRequest,
  createDealership,
  createUser,
  DEALERSHIP_MANAGER_ROLE,
  listBrands,
  listUsers,
  uniqueToken,
} from './api';
import { chooseOption, errorToasts, field, hasChromium, successToasts } from './browser';

/**
 * A Dealership manager (scoped to one dealership, as the demo's is) at work on what is theirs: the
 * staff of their dealership and the dealership itself. Their own dealership, so that saving it
 * changes nothing another test reads.
 */
describe.skipIf(!hasChromium)('a dealership manager', () => {
  const admin = signedInAdmin();
  const tag = uniqueToken();
  const password = 'Dealer-Manager-Pass-2024';
  const managerEmail = `manager.${tag.toLowerCase()}@example.com`;
  const dealershipName = `Managed Motors ${tag}`;
  let brandName: string;
  let dealership: number;
  let page: Page;

  /** The options of a react-aria select, by the select's label, read with the list open then closed. */
  async function optionsOf(label: string): Promise<string[]> {
    await page.getByRole('button', { name: new RegExp(`(^|\\s)${label}\\s*\\*?$`) }).click();
    const options = await page.getByRole('listbox').getByRole('option').allInnerTexts();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    return options.map((option) => option.trim());
  }

  beforeAll(async () => {
    const brand = (await listBrands(admin.token)).brands.data[0];
    if (!brand) throw new Error('The demo group has no brand');
    brandName = brand.name;
    dealership = await createDealership(admin.token, {
      name: dealershipName,
      slug: `managed-motors-${tag.toLowerCase()}`,
      brand_id: brand.id,
    });
    await createUser(admin.token, {
      name: `Manager ${tag}`,
      email: managerEmail,
      password,
      role_id: DEALERSHIP_MANAGER_ROLE,
      scope: { brand_ids: [], dealership_ids: [dealership] },
    });
  });

  beforeEach(async () => {
    page = await admin.pageAs(managerEmail, password);
    return () => page.context().close();
  });

  it('is offered only the roles and the scope they may give, and adds a Sales user with the scope it starts at', async () => {
    await page.goto('/users/add');
    await page.getByRole('button', { name: /(^|\s)Role\s*\*?$/, disabled: false }).waitFor();
    expect(await optionsOf('Role')).toEqual(['Dealership manager', 'Sales']);

    const scope = page.getByRole('group', { name: 'Scope' });
    const theirs = scope.getByRole('checkbox', { name: dealershipName, exact: true });
    await theirs.waitFor();
    expect(await theirs.isChecked()).toBe(true);
    // Nothing beyond their own: neither the whole group nor a brand, nor another dealership.
    expect(await scope.getByRole('radio').count()).toBe(0);
    expect(await scope.getByText('Whole group').count()).toBe(0);
    expect(await scope.getByRole('checkbox').count()).toBe(1);

    const name = `Sales ${tag}`;
    await field(page, 'Name').fill(name);
    await field(page, 'Email').fill(`sales.${tag.toLowerCase()}@example.com`);
    await field(page, 'Password').fill('Sales-Person-Pass-2024');
    await chooseOption(page, 'Role', 'Sales');
    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have added a new user.').waitFor();
    expect(await errorToasts(page).getByText(/./).count()).toBe(0);

    const [made] = (await listUsers(admin.token, name)).users.data;
    const { data } = await apiRequest<{ data: User }>(admin.token, 'GET', `users/show/${made?.id}`);
    expect(data.role.name).toBe('Sales');
    expect(data.scope).toEqual({ brand_ids: [], dealership_ids: [dealership] });
  });

  it('opens their dealership with its brand and no error, and saves it', async () => {
    await page.goto(`/dealerships/edit/${dealership}`);
    await expect.poll(() => field(page, 'Name').inputValue()).toBe(dealershipName);
    expect(await errorToasts(page).getByText(/./).count()).toBe(0);
    // The brand it has, and no other: a dealership manager keeps it under its brand, as the server does.
    expect(await optionsOf('Brand')).toEqual([brandName]);
    const brand = page.getByRole('button', { name: /(^|\s)Brand\s*\*?$/ });
    expect(await brand.textContent()).toContain(brandName);

    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have updated a dealership.').waitFor();
    expect(await errorToasts(page).getByText(/./).count()).toBe(0);
  });
});
