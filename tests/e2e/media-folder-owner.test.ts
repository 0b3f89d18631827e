import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { apiRequest, BRAND_MANAGER_ROLE, createUser, listBrands, listDealerships, uniqueToken } from './api';
import { chooseOption, descriptionOf, focusReaches, hasChromium, successToasts } from './browser';

const password = 'Forecourt-Pass-2024';
const OWNER = 'Brand or dealership';

interface Folder {
  name: string;
  brand_id: number | null;
  dealership_id: number | null;
}

describe.skipIf(!hasChromium)('a scoped user adding a media folder with every folder shown', () => {
  const admin = signedInAdmin();
  const tag = uniqueToken();
  const oneBrand = `folders.one.${tag.toLowerCase()}@example.com`;
  const twoOwners = `folders.two.${tag.toLowerCase()}@example.com`;
  let brand: { id: number; name: string };
  let dealership: { id: number; name: string };

  beforeAll(async () => {
    const brands = (await listBrands(admin.token)).brands.data;
    const [first, second] = brands;
    if (!first || !second) throw new Error('The demo group has fewer than two brands');
    brand = first;
    const theirs = (await listDealerships(admin.token)).dealerships.data.find(
      (d) => d.brand_id === second.id,
    );
    if (!theirs) throw new Error('The second brand has no dealership');
    dealership = theirs;
    const person = (email: string, scope: { brand_ids: number[]; dealership_ids: number[] }) =>
      createUser(admin.token, {
        name: `Folders ${email}`,
        email,
        password,
        role_id: BRAND_MANAGER_ROLE,
        scope,
      });
    await person(oneBrand, { brand_ids: [brand.id], dealership_ids: [] });
    await person(twoOwners, { brand_ids: [brand.id], dealership_ids: [dealership.id] });
  });

  async function openDialog(email: string): Promise<Page> {
    const page = await admin.pageAs(email, password);
    await page.goto('/media');
    await page.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add folder' }).click();
    await page
      .getByRole('dialog', { name: 'Add folder' })
      .getByLabel(/^Folder name/)
      .waitFor();
    return page;
  }

  const folders = async () =>
    (await apiRequest<{ data: Folder[] }>(admin.token, 'GET', 'media/folders')).data;

  it('files it under their one brand without asking', async () => {
    const page = await openDialog(oneBrand);
    const dialog = page.getByRole('dialog', { name: 'Add folder' });
    const name = `Brochures ${tag}`;
    await dialog.getByLabel(/^Folder name/).fill(name);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => successToasts(page).textContent()).toContain('Folder added.');
    expect((await folders()).find((f) => f.name === name)).toMatchObject({
      brand_id: brand.id,
      dealership_id: null,
    });
    await page.context().close();
  });

  it('asks one with a brand and a dealership to choose, under the choice, and files it there', async () => {
    const page = await openDialog(twoOwners);
    const dialog = page.getByRole('dialog', { name: 'Add folder' });
    const name = `Open day ${tag}`;
    const nameField = dialog.getByLabel(/^Folder name/);
    await nameField.fill(name);
    await page.keyboard.press('Enter');
    const owner = dialog.getByRole('button', { name: new RegExp(`${OWNER}\\s*\\*?$`) });
    await dialog.getByText('Choose a brand or a dealership.', { exact: true }).waitFor();
    expect(await descriptionOf(owner)).toContain('Choose a brand or a dealership.');
    expect(await nameField.getAttribute('aria-invalid')).not.toBe('true');
    await focusReaches(owner);
    expect(await nameField.inputValue()).toBe(name);

    await chooseOption(page, OWNER, dealership.name);
    await dialog.getByRole('button', { name: 'Add folder' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await folders()).find((f) => f.name === name)).toMatchObject({
      brand_id: null,
      dealership_id: dealership.id,
    });
    await page.context().close();
  });
});
