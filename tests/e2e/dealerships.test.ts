import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Option } from '@/api/contract/common';
import { type Dealership, weekdays } from '@/api/contract/dealerships';
import {
  apiRequest,
  apiToken,
  createDealership,
  deleteForGood,
  listBrands,
  listDealerships,
  type NewDealership,
  uniqueToken,
} from './api';
import {
  expectNoAxeViolations,
  field,
  hasChromium,
  launchBrowser,
  SharedSignIn,
  successToasts,
} from './browser';
import { uploadIntoField } from './libraryUpload';
import { rowBySelectBox } from './lifecycle-driver';

/** Where the website shows a dealership (VITE_SITE_URL unset in tests). */
const LOCATIONS = 'https://www.example-motors.co.uk/locations/';

const row = rowBySelectBox;

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search dealerships' }).fill(text);
}

/** The tab panel in view: the other panels stay in the form, hidden, with fields of the same names. */
function panel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** Opens a tab of the dealership form; its name may carry '(has errors)'. */
async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  await page.getByRole('tab', { name: new RegExp(`^${name}`), selected: true }).waitFor();
}

/** A select's button is named by its value, then its label ('Kia Brand'). */
function selectButton(page: Page, label: string): Locator {
  return page.getByRole('button', { name: new RegExp(`(^|\\s)${label}$`) });
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await selectButton(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Uploads a new image through the image field named `label` inside `scope`, by way of the library. */
async function upload(page: Page, scope: Page | Locator, label: string, filename: string): Promise<void> {
  await uploadIntoField(page, scope.getByRole('group', { name: label, exact: true }), filename);
}

/** Waits for the image field named `label` inside `scope` to name each of `names`. */
async function showsImages(scope: Page | Locator, label: string, names: string[]): Promise<void> {
  const group = scope.getByRole('group', { name: label, exact: true });
  for (const name of names) await group.getByText(name, { exact: true }).waitFor();
}

const hours = {
  Sales: [
    '9:00 - 18:00',
    '9:00 - 18:00',
    '9:00 - 18:00',
    '9:00 - 20:00',
    '9:00 - 18:00',
    '9:00 - 17:00',
    'Closed',
  ],
  Service: [
    '7:30 - 17:30',
    '7:30 - 17:30',
    '7:30 - 17:30',
    '7:30 - 17:30',
    '7:30 - 17:00',
    'Closed',
    'Closed',
  ],
} as const;
const dayLabels = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe.skipIf(!hasChromium)('dealerships', () => {
  let browser: Browser;
  const signedIn = new SharedSignIn(() => browser);
  let page: Page;
  let token: string;
  /** Every dealership this file made, deleted for good at the end. */
  const made: number[] = [];

  async function make(fields: NewDealership): Promise<number> {
    const id = await createDealership(token, fields);
    made.push(id);
    return id;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
  });

  afterAll(async () => {
    if (token) await deleteForGood(token, 'dealerships', { ids: made });
    await browser?.close();
  });

  beforeEach(async () => {
    page = await signedIn.page();
  });

  it('lists dealerships with their brand, their address under /locations and whether they are live', async () => {
    const tag = uniqueToken();
    const { brands } = await listBrands(token);
    const brand = brands.data.find((b) => b.logo) ?? brands.data[0]!;
    await make({ name: `Lister ${tag} Open`, slug: `lister-${tag}-open`, brand_id: brand.id });
    await make({ name: `Lister ${tag} Hidden`, slug: `lister-${tag}-hidden`, live: false });

    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Dealerships' }).click();
    await page.waitForURL(/\/dealerships$/);
    await page.getByRole('heading', { name: 'Dealerships', level: 1 }).waitFor();
    for (const header of ['Name', 'Brand', 'Slug', 'Live', 'Created', 'Updated']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    // The whole list, in its saved order, can be reordered by drag handles.
    await page
      .getByRole('button', { name: /^Reorder / })
      .first()
      .waitFor();

    await search(page, tag);
    const open = row(page, `Lister ${tag} Open`);
    await open.waitFor();
    await open.getByText(brand.name, { exact: true }).waitFor();
    if (brand.logo)
      expect(await open.locator('img').first().getAttribute('src')).toMatch(/^\/(storage|media)\//);
    expect(await open.textContent()).toContain(`${LOCATIONS}lister-${tag}-open`);
    await open.getByRole('img', { name: 'Live', exact: true }).waitFor();

    const hidden = row(page, `Lister ${tag} Hidden`);
    await hidden.getByRole('img', { name: 'Not live', exact: true }).waitFor();
    await hidden.getByText('No brand', { exact: true }).waitFor();
    expect(await hidden.textContent()).toContain(`${LOCATIONS}lister-${tag}-hidden`);
  });

  it('moves a dealership to the bin, restores it, and deletes it forever', async () => {
    const tag = uniqueToken();
    const name = `Binner ${tag}`;
    const id = await make({ name, slug: `binner-${tag}` });
    const confirm = () => page.getByRole('alertdialog');

    await page.goto('/dealerships');
    await search(page, tag);
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await confirm().getByText('Hold up!').waitFor();
    await confirm().getByText('You are about to delete dealership(s)', { exact: false }).waitFor();
    await confirm().getByText('Are you sure you wish to continue?').waitFor();
    await confirm().getByRole('button', { name: 'Yes please' }).click();
    await page.getByText('Oops! No results...', { exact: true }).waitFor();

    await page.getByRole('tab', { name: /^Bin \(1\)$/ }).click();
    await page.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByRole('tab', { name: /^Bin \(0\)$/ }).waitFor();
    await page.getByRole('tab', { name: /^All \(1\)$/ }).click();
    await row(page, name).waitFor();

    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await confirm().getByRole('button', { name: 'Yes please' }).click();
    await page.getByRole('tab', { name: /^Bin \(1\)$/ }).click();
    await page.getByRole('button', { name: `Delete forever ${name}` }).click();
    await confirm().getByText('You are about to delete dealership(s)', { exact: false }).waitFor();
    await confirm().getByRole('button', { name: 'Yes please' }).click();
    await page.getByRole('tab', { name: /^Bin \(0\)$/ }).waitFor();

    const { dealerships, trashed } = await listDealerships(token, tag);
    expect([...dealerships.data, ...trashed.data].map((d) => d.id)).not.toContain(id);
  });

  it('shows a not-found page for a dealership that does not exist, with the way back to all dealerships', async () => {
    await page.goto('/dealerships/edit/987654');
    await page.getByText('Oops! Page not found.', { exact: true }).waitFor();
    await page
      .getByText("The dealership you are trying to locate clearly doesn't exist...", { exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'View all dealerships' }).click();
    await page.waitForURL(/\/dealerships$/);
    await page.getByRole('heading', { name: 'Dealerships', level: 1 }).waitFor();
  });

  it('shows the list and every tab of the form without serious accessibility problems', async () => {
    const tag = uniqueToken();
    const id = await make({
      name: `Checker ${tag}`,
      slug: `checker-${tag}`,
      copy: 'Welcome to **Checker**.',
      team: [{ name: 'Ann Able', content: 'Sales manager', image: [] }],
    });
    await page.goto('/dealerships');
    await page
      .getByRole('button', { name: /^Reorder / })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`/dealerships/edit/${id}`);
    await page.getByRole('textbox', { name: 'Copy' }).waitFor();
    for (const name of ['General', 'Imagery', 'Contact Details', 'Team', 'Pinnacle']) {
      await openTab(page, name);
      await expectNoAxeViolations(page);
    }
  }, 120_000);

  it("shows the server's error under the slug, on a marked tab, when the slug is taken", async () => {
    const tag = uniqueToken();
    await make({ name: `Taken ${tag}`, slug: `taken-${tag}` });
    const id = await make({ name: `Clasher ${tag}`, slug: `clasher-${tag}` });

    await page.goto(`/dealerships/edit/${id}`);
    await page.getByText(`Updating Clasher ${tag}`, { exact: true }).waitFor();
    await field(panel(page), 'Slug').fill(`taken-${tag}`);
    await openTab(page, 'Pinnacle');
    await page.getByRole('button', { name: 'Save' }).click();

    // The save opens the tab that holds the error.
    await page.getByRole('tab', { name: 'General (has errors)', selected: true }).waitFor();
    await page.getByText('That slug is already in use.', { exact: true }).waitFor();
    expect(await field(panel(page), 'Slug').getAttribute('aria-invalid')).toBe('true');
    const { data } = await apiRequest<{ data: Dealership }>(token, 'GET', `dealerships/show/${id}`);
    expect(data.slug).toBe(`clasher-${tag}`);
  });

  it('fills every tab, saves, and reads every value back when the dealership is opened again', async () => {
    const tag = uniqueToken();
    const name = `Complete ${tag} Motors`;
    const { brands } = await listBrands(token);
    const brand = brands.data[0]!;
    const { data: dealers } = await apiRequest<{ data: Option[] }>(
      token,
      'GET',
      'vehicle-dealers?perPage=-1',
    );
    const dealer = dealers[dealers.length - 1]!;

    await page.goto('/dealerships');
    await page.getByRole('link', { name: 'Add dealership' }).click();
    await page.waitForURL(/\/dealerships\/add$/);
    // Spec: the Add screen is titled 'Create a new dealership', on the screen and in the tab.
    await page.getByRole('heading', { level: 1, name: 'Create a new dealership', exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe('Create a new dealership · Dealership Console');

    // General
    await field(panel(page), 'Name').fill(name);
    expect(await field(panel(page), 'Slug').inputValue()).toBe(`complete-${tag}-motors`);
    await field(panel(page), 'Slug').fill(`complete-${tag}`);
    await choose(page, 'Brand', brand.name);
    await choose(page, 'Vehicles dealer', dealer.name);
    // The switch is toggled as a keyboard user does it: its visible track covers the native input.
    const live = page.getByRole('switch', { name: 'Live' });
    await live.focus();
    await page.keyboard.press('Space');
    expect(await live.isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Copy' }).click();
    await page.keyboard.type('Welcome to ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Complete');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' Motors.');

    // Imagery
    await openTab(page, 'Imagery');
    await upload(page, panel(page), 'Banner image', 'banner.png');
    await upload(page, panel(page), 'Dealer image', 'forecourt.png');

    // Contact Details, with two departments of opening times
    await openTab(page, 'Contact Details');
    await field(panel(page), 'Email').fill(`complete.${tag}@northway.example`);
    await field(panel(page), 'Telephone').fill('0113 496 0123');
    await field(panel(page), 'Address line 1').fill('10 Kirkstall Road');
    await field(panel(page), 'Address line 2').fill('Motor Park');
    await field(panel(page), 'City').fill('Leeds');
    await field(panel(page), 'County').fill('West Yorkshire');
    await field(panel(page), 'Postcode').fill('LS4 2AZ');
    await field(panel(page), 'Latitude').fill('53.8029');
    await field(panel(page), 'Longitude').fill('-1.5821');
    await page.getByRole('button', { name: 'Add department' }).click();
    for (const [index, department] of (['Sales', 'Service'] as const).entries()) {
      const group = page.getByRole('group', { name: `Department ${index + 1}`, exact: true });
      await field(group, 'Department').fill(department);
      for (const [day, label] of dayLabels.entries()) await field(group, label).fill(hours[department][day]!);
    }

    // Team: two members with images, then the second moved up
    await openTab(page, 'Team');
    await page.getByRole('button', { name: 'Add team member' }).click();
    await page.getByRole('button', { name: 'Add team member' }).click();
    const member = (n: number) => page.getByRole('group', { name: `Team member ${n}`, exact: true });
    await field(member(1), 'Name').fill('Ann Able');
    await field(member(1), 'Content').fill('Sales manager');
    await upload(page, member(1), 'Image', 'ann.png');
    await field(member(2), 'Name').fill('Bob Baker');
    await field(member(2), 'Content').fill('Service adviser');
    await upload(page, member(2), 'Image', 'bob.png');
    await page.getByRole('button', { name: 'Move Team member 2 up' }).click();
    expect(await field(member(1), 'Name').inputValue()).toBe('Bob Baker');
    expect(await field(member(2), 'Name').inputValue()).toBe('Ann Able');

    // Pinnacle
    await openTab(page, 'Pinnacle');
    await field(panel(page), 'Quotee UID').fill(`Q-${tag}`);
    await field(panel(page), 'Pinnacle enquiry ID').fill(`PIN-${tag}-1`);
    await field(panel(page), 'Pinnacle used enquiry ID').fill(`PIN-${tag}-2`);

    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have added a new dealership.').waitFor();
    await page.waitForURL(/\/dealerships$/);

    // What was stored
    const { dealerships } = await listDealerships(token, tag);
    const listed = dealerships.data.find((d) => d.name === name);
    expect(listed).toBeDefined();
    made.push(listed!.id);
    const { data: saved } = await apiRequest<{ data: Dealership }>(
      token,
      'GET',
      `dealerships/show/${listed!.id}`,
    );
    expect(saved).toMatchObject({
      slug: `complete-${tag}`,
      copy: 'Welcome to **Complete** Motors.',
      live: true,
      brand_id: brand.id,
      vehicles_dealer_id: dealer.id,
      email: `complete.${tag}@northway.example`,
      telephone: '0113 496 0123',
      address: {
        address_line_1: '10 Kirkstall Road',
        address_line_2: 'Motor Park',
        city: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'LS4 2AZ',
        lat: 53.8029,
        lng: -1.5821,
      },
      quotee_uid: `Q-${tag}`,
      pinnacle_enquiry_id: `PIN-${tag}-1`,
      pinnacle_used_enquiry_id: `PIN-${tag}-2`,
    });
    expect(saved.published_at).not.toBeNull();
    expect(saved.opening_times).toEqual(
      (['Sales', 'Service'] as const).map((department) => ({
        department,
        days: Object.fromEntries(weekdays.map((day, i) => [day, hours[department][i]])),
      })),
    );
    // Library items, answered with their names, sizes and renditions.
    expect(saved.banner_img).toEqual([expect.objectContaining({ name: 'banner.png', width: 16 })]);
    expect(saved.dealer_img).toEqual([expect.objectContaining({ name: 'forecourt.png', width: 16 })]);
    expect(saved.team).toEqual([
      {
        name: 'Bob Baker',
        content: 'Service adviser',
        image: [expect.objectContaining({ name: 'bob.png' })],
      },
      {
        name: 'Ann Able',
        content: 'Sales manager',
        image: [expect.objectContaining({ name: 'ann.png' })],
      },
    ]);

    // Opened again, every tab shows what was saved
    await search(page, tag);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL(new RegExp(`/dealerships/edit/${saved.id}$`));
    await page.getByText(`Updating ${name}`, { exact: true }).waitFor();

    expect(await field(panel(page), 'Name').inputValue()).toBe(name);
    expect(await field(panel(page), 'Slug').inputValue()).toBe(`complete-${tag}`);
    expect(await selectButton(page, 'Brand').textContent()).toContain(brand.name);
    expect(await selectButton(page, 'Vehicles dealer').textContent()).toContain(dealer.name);
    expect(await page.getByRole('switch', { name: 'Live' }).isChecked()).toBe(true);
    const copy = page.getByRole('textbox', { name: 'Copy' });
    expect(await copy.textContent()).toBe('Welcome to Complete Motors.');
    expect(await copy.locator('strong').textContent()).toBe('Complete');

    await openTab(page, 'Imagery');
    await showsImages(panel(page), 'Banner image', ['banner.png']);
    await showsImages(panel(page), 'Dealer image', ['forecourt.png']);

    await openTab(page, 'Contact Details');
    const contact: Record<string, string> = {
      Email: `complete.${tag}@northway.example`,
      Telephone: '0113 496 0123',
      'Address line 1': '10 Kirkstall Road',
      'Address line 2': 'Motor Park',
      City: 'Leeds',
      County: 'West Yorkshire',
      Postcode: 'LS4 2AZ',
      Latitude: '53.8029',
      Longitude: '-1.5821',
    };
    for (const [label, value] of Object.entries(contact))
      expect(await field(panel(page), label).inputValue()).toBe(value);
    for (const [index, department] of (['Sales', 'Service'] as const).entries()) {
      const group = page.getByRole('group', { name: `Department ${index + 1}`, exact: true });
      expect(await field(group, 'Department').inputValue()).toBe(department);
      for (const [day, label] of dayLabels.entries()) {
        expect(await field(group, label).inputValue()).toBe(hours[department][day]);
      }
    }
    expect(await page.getByRole('group', { name: /^Department \d+$/ }).count()).toBe(2);

    await openTab(page, 'Team');
    expect(await page.getByRole('group', { name: /^Team member \d+$/ }).count()).toBe(2);
    for (const [index, person] of saved.team.entries()) {
      expect(await field(member(index + 1), 'Name').inputValue()).toBe(person.name);
      expect(await field(member(index + 1), 'Content').inputValue()).toBe(person.content);
      await showsImages(
        member(index + 1),
        'Image',
        person.image.map((image) => image.name),
      );
    }

    await openTab(page, 'Pinnacle');
    expect(await field(panel(page), 'Quotee UID').inputValue()).toBe(`Q-${tag}`);
    expect(await field(panel(page), 'Pinnacle enquiry ID').inputValue()).toBe(`PIN-${tag}-1`);
    expect(await field(panel(page), 'Pinnacle used enquiry ID').inputValue()).toBe(`PIN-${tag}-2`);
  });
  it('keeps the CRM lead addresses and their format: saved, shown again, and one removed', async () => {
    const tag = uniqueToken();
    const name = `Leads ${tag} Motors`;
    const id = await make({ name, slug: `leads-${tag}` });
    await page.goto(`/dealerships/edit/${id}`);
    await page.getByText(`Updating ${name}`, { exact: true }).waitFor();
    await openTab(page, 'Contact Details');
    const crm = page.getByRole('group', { name: 'CRM leads' });
    await crm.getByRole('button', { name: 'Add CRM address' }).click();
    // The new address's field takes the focus, so it can be typed into at once.
    await page.keyboard.type(`leads.${tag}@crm.example`);
    expect(await field(crm, 'CRM lead address 1').inputValue()).toBe(`leads.${tag}@crm.example`);
    await crm.getByRole('button', { name: 'Add CRM address' }).click();
    await field(crm, 'CRM lead address 2').fill(`sales.${tag}@crm.example`);
    await choose(page, 'Lead format', 'Plain e-mail (for people)');
    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have updated a dealership.').waitFor();
    const shown = async () =>
      (await apiRequest<{ data: Dealership }>(token, 'GET', `dealerships/show/${id}`)).data;
    expect(await shown()).toMatchObject({
      crm_emails: [`leads.${tag}@crm.example`, `sales.${tag}@crm.example`],
      crm_format: 'email',
    });

    // Opened again, the form shows them as saved; removing the first leaves the second.
    await page.goto(`/dealerships/edit/${id}`);
    await page.getByText(`Updating ${name}`, { exact: true }).waitFor();
    await openTab(page, 'Contact Details');
    expect(await field(crm, 'CRM lead address 1').inputValue()).toBe(`leads.${tag}@crm.example`);
    expect(await field(crm, 'CRM lead address 2').inputValue()).toBe(`sales.${tag}@crm.example`);
    expect(await selectButton(page, 'Lead format').textContent()).toContain('Plain e-mail (for people)');
    await crm.getByRole('button', { name: 'Remove CRM lead address 1' }).click();
    expect(await field(crm, 'CRM lead address 1').inputValue()).toBe(`sales.${tag}@crm.example`);
    expect(await crm.getByRole('textbox').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have updated a dealership.').waitFor();
    expect((await shown()).crm_emails).toEqual([`sales.${tag}@crm.example`]);
  });
});
