import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Brand, Manufacturer } from '@/api/contract/brands';
import { apiRequest, apiToken, createBrand, uniqueToken } from './api';
import { field, hasChromium, launchBrowser, signedInPage, successToasts } from './browser';

describe.skipIf(!hasChromium)('the history of a brand', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  const stored = async (id: number) =>
    (await apiRequest<{ data: Brand }>(token, 'GET', `brands/show/${id}`)).data;

  const live = () => page.getByRole('switch', { name: 'Live' });
  const fake = () => page.getByRole('checkbox', { name: 'Fake brand' });
  const maker = () => page.getByRole('button', { name: /(^|\s)Manufacturer$/ });

  /** Opens the brand's edit screen as it is stored now. */
  async function edit(id: number, name: string): Promise<void> {
    await page.goto(`/brands/edit/${id}`);
    await page.getByText(`Updating ${name}`, { exact: true }).waitFor();
    await expect.poll(() => maker().isEnabled()).toBe(true);
  }

  /** Sets a switch or checkbox by its visible label, as a person would. */
  async function set(control: Locator, label: string, on: boolean): Promise<void> {
    if ((await control.isChecked()) !== on) await page.getByText(label, { exact: true }).click();
    expect(await control.isChecked()).toBe(on);
  }

  async function chooseMaker(name: string): Promise<void> {
    await maker().click();
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  async function save(): Promise<void> {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('You have updated a brand.').last().waitFor();
    await page.waitForURL(/\/brands$/);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await signedInPage(browser);
    return () => page.context().close();
  });

  it('compares the first of two saved edits in words the form uses, restores it, saves it and reads it back', async () => {
    const tag = uniqueToken();
    const first = `Harbour ${tag} Motors`;
    const second = `Harbour ${tag} Vans`;
    const id = await createBrand(token, { name: `Harbour ${tag}`, slug: `harbour-${tag}`, live: false });
    const cars = await apiRequest<{ data: Manufacturer[] }>(token, 'GET', 'manufacturers?type=Car');
    const make = cars.data[0]!;

    // First edit: renamed, made by a manufacturer, live.
    await edit(id, `Harbour ${tag}`);
    await field(page, 'Name').fill(first);
    await chooseMaker(make.name);
    await set(live(), 'Live', true);
    await save();
    expect(await stored(id)).toMatchObject({
      name: first,
      live: true,
      is_fake: false,
      manufacturer_id: make.code,
    });

    // Second edit: renamed again, no manufacturer, not live, a fake brand.
    await edit(id, first);
    await field(page, 'Name').fill(second);
    await chooseMaker('None');
    await set(live(), 'Live', false);
    await set(fake(), 'Fake brand', true);
    await save();
    expect(await stored(id)).toMatchObject({ name: second, live: false, is_fake: true, manufacturer_id: 0 });

    await edit(id, second);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const revisions = dialog.getByRole('list', { name: 'Revisions, newest first' }).getByRole('listitem');
    await expect.poll(() => revisions.count()).toBe(3);
    // The first edit's revision is the second newest.
    await revisions
      .nth(1)
      .getByRole('button', { name: /^Compare/ })
      .click();
    const fields = dialog.getByRole('region', { name: 'Fields changed' });
    await fields.waitFor();

    // Each change under the form's label, the make by its name, flags as Yes or No.
    const change = async (label: string) =>
      (
        await fields
          .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
          .textContent()
      )?.replace(/\s+/g, ' ');
    expect(await fields.locator('dt').allTextContents()).toEqual([
      'Name',
      'Manufacturer',
      'Live',
      'Fake brand',
    ]);
    expect(await change('Live')).toBe('LiveThis version: removed: Yes→Current: added: No');
    expect(await change('Fake brand')).toBe('Fake brandThis version: removed: No→Current: added: Yes');
    expect(await change('Manufacturer')).toBe(
      `ManufacturerThis version: removed: ${make.name}→Current: added: None`,
    );
    expect(await fields.locator('del').allTextContents()).toContain('removed: Motors');
    expect(await fields.locator('ins').allTextContents()).toContain('added: Vans');

    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => field(page, 'Name').inputValue()).toBe(first);
    expect(await live().isChecked()).toBe(true);
    expect(await fake().isChecked()).toBe(false);
    expect(await maker().textContent()).toContain(make.name);
    // Nothing is saved until Save.
    expect((await stored(id)).name).toBe(second);

    await save();
    expect(await stored(id)).toMatchObject({
      name: first,
      live: true,
      is_fake: false,
      manufacturer_id: make.code,
    });

    await edit(id, first);
    expect(await field(page, 'Name').inputValue()).toBe(first);
    expect(await live().isChecked()).toBe(true);
    expect(await fake().isChecked()).toBe(false);
    expect(await maker().textContent()).toContain(make.name);
  });
});
