import '@/ui/jsdomGaps';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { Brand } from '@/api/contract/brands';
import type { Dealership } from '@/api/contract/dealerships';
import { api } from '@/api/endpoints';
import { pageOf } from '@/api/testPages';
import { signedInAs } from '@/machines/testSession';
import { toast } from '@/ui/toasts';
import DealershipAddScreen from './DealershipAddScreen';
import DealershipEditScreen from './DealershipEditScreen';
import {
  at,
  component,
  FakeAutocomplete,
  failMapsScript,
  loadMapsScript,
  mapsScripts,
  resetFakePlaces,
} from './places/fakePlaces';

const kia: Brand = {
  id: 3,
  name: 'Kia',
  slug: 'kia',
  live: true,
  is_fake: false,
  manufacturer_id: 507,
  lcv_manufacturer_id: 0,
  logo: { id: 41, name: 'k1.png', url: '/storage/media/k1' },
  manufacturer: null,
  lcvManufacturer: null,
  code: null,
  created_at: '2024-03-05T10:00:00.000Z',
  updated_at: '2024-03-06T10:00:00.000Z',
  deleted_at: null,
};

const leeds: Dealership = {
  id: 5,
  name: 'Northway Kia Leeds',
  slug: 'kia-leeds',
  copy: 'Welcome to **Leeds**.',
  live: true,
  brand_id: 3,
  brand: { id: 3, name: 'Kia', logo: { id: 41, name: 'k1.png', url: '/storage/media/k1' } },
  vehicles_dealer_id: 12,
  banner_img: [{ id: 51, name: 'b1.jpg', url: '/storage/media/b1' }],
  dealer_img: [],
  email: 'leeds@example.com',
  telephone: '0113 496 0000',
  crm_emails: ['leads@crm.example'],
  crm_format: 'adf',
  address: {
    address_line_1: '1 Kirkstall Road',
    address_line_2: null,
    city: 'Leeds',
    postcode: 'LS3 1AA',
    county: 'West Yorkshire',
    lat: 53.8,
    lng: -1.56,
  },
  opening_times: [
    {
      department: 'Sales',
      days: {
        monday: '9:00 - 18:00',
        tuesday: '9:00 - 18:00',
        wednesday: '9:00 - 18:00',
        thursday: '9:00 - 18:00',
        friday: '9:00 - 18:00',
        saturday: '9:00 - 17:00',
        sunday: 'Closed',
      },
    },
  ],
  team: [
    { name: 'Ann Able', content: 'Sales manager', image: [] },
    { name: 'Bob Baker', content: null, image: [{ id: 61, name: 't1.jpg', url: '/storage/media/t1' }] },
  ],
  quotee_uid: null,
  pinnacle_enquiry_id: 'PIN-1',
  pinnacle_used_enquiry_id: 'PIN-2',
  published_at: '2024-03-05T10:00:00.000Z',
  created_at: '2024-03-05T10:00:00.000Z',
  updated_at: '2024-03-06T10:00:00.000Z',
  deleted_at: null,
};

beforeEach(() => {
  vi.spyOn(api.brands, 'options').mockResolvedValue({
    data: [{ id: kia.id, name: kia.name, slug: kia.slug }],
  });
  vi.spyOn(api.dealerships, 'vehicleDealers').mockResolvedValue({ data: [{ id: 12, name: 'Leeds stock' }] });
  vi.spyOn(api.dealerships, 'validate').mockResolvedValue({ valid: true });
  vi.spyOn(api.dealerships, 'create').mockResolvedValue({
    id: 9,
    message: 'You have added a new dealership.',
  });
  vi.spyOn(api.dealerships, 'update').mockResolvedValue({ id: 5, message: 'You have updated a dealership.' });
});

afterEach(() => {
  vi.restoreAllMocks();
  toast.clear();
});

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Route path="/dealerships/add" component={DealershipAddScreen} />
      <Route path="/dealerships/edit/:id" component={DealershipEditScreen} />
    </Router>,
    { wrapper: signedInAs('Group administrator') },
  );
  return location;
}

/** The tab panel in view; the others stay in the form (inert) with fields of the same names. */
function activePanel(): HTMLElement {
  const panel = document.querySelector<HTMLElement>('[role="tabpanel"]:not([data-inert])');
  if (!panel) throw new Error('No tab panel is showing');
  return panel;
}

const inPanel = () => within(activePanel());

const tabOrder = ['General', 'Imagery', 'Contact Details', 'Team', 'Pinnacle'];

/** A tab's panel, shown or not: every panel stays in the form. */
function panelOf(tab: string) {
  // Only the shown panel has the tabpanel role; the hidden ones are marked inert.
  const panels = document.querySelectorAll<HTMLElement>('[role="tabpanel"], [data-inert]');
  const panel = panels[tabOrder.indexOf(tab)];
  if (!panel) throw new Error(`No panel for ${tab}`);
  return within(panel);
}

/** A tab by its label, with or without the error marker ('Team (has errors)'). */
const tabNamed = (label: string) => screen.getByRole('tab', { name: new RegExp(`^${label}`) });

/** A text field in the panel in view, by its label (required fields add a '*'). */
const textbox = (label: string, scope: ReturnType<typeof within> = inPanel()) =>
  scope.getByRole('textbox', { name: new RegExp(`^${label}\\*?$`) }) as HTMLInputElement;

/** What a field's aria-describedby points at: its description and its error. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Puts text into a field in one go: typing key by key re-renders the whole form for every key. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  // Focus as a click or Tab would leave it, without the pointer events a click simulates for every field.
  act(() => element.focus());
  await user.paste(text);
}

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  // The tabs come with the form, which may show a moment after its heading on a busy machine.
  await user.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }, { timeout: 5000 }));
}

async function editLeeds() {
  vi.spyOn(api.dealerships, 'show').mockResolvedValue({ data: leeds });
  const location = renderAt('/dealerships/edit/5');
  expect(await screen.findByText('Updating Northway Kia Leeds')).toBeTruthy();
  return location;
}

// A form of five tabs re-renders on every change; jsdom is slow at it on a busy machine.
describe('the dealership form', { timeout: 20_000 }, () => {
  it('suggests the slug from the name until the slug is edited', async () => {
    const user = userEvent.setup();
    renderAt('/dealerships/add');
    // Spec: the Add screen is titled 'Create a new dealership'.
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a new dealership' })).toBeTruthy();
    // The form's fields may show a moment after its heading.
    await fill(user, await waitFor(() => textbox('Name')), 'Northway Škoda York');
    expect(textbox('Slug').value).toBe('northway-skoda-york');
    await user.clear(textbox('Slug'));
    await fill(user, textbox('Slug'), 'skoda-york');
    await fill(user, textbox('Name'), ' North');
    expect(textbox('Slug').value).toBe('skoda-york');
  });

  it('clears the slug’s error once a new name has changed the slug it was about', async () => {
    vi.mocked(api.dealerships.validate).mockRejectedValueOnce(
      new ApiError(422, 'The given data was invalid.', { slug: ['That slug is already in use.'] }),
    );
    const user = userEvent.setup();
    renderAt('/dealerships/add');
    await fill(user, await waitFor(() => textbox('Name')), 'Northway Kia York');
    await openTab(user, 'Contact Details');
    const contact: [string, string][] = [
      ['Email', 'york@example.com'],
      ['Telephone', '01904 000000'],
      ['Address line 1', '1 Main Street'],
      ['City', 'York'],
      ['County', 'North Yorkshire'],
      ['Postcode', 'YO1 1AA'],
      ['Latitude', '53.96'],
      ['Longitude', '-1.08'],
      ['Department', 'Sales'],
    ];
    for (const [label, text] of contact) await fill(user, textbox(label), text);
    await openTab(user, 'Pinnacle');
    await fill(user, textbox('Pinnacle enquiry ID'), 'PIN-1');
    await fill(user, textbox('Pinnacle used enquiry ID'), 'PIN-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('General (has errors)'),
    );
    expect(describedBy(textbox('Slug'))).toContain('That slug is already in use.');

    await fill(user, textbox('Name'), ' North');
    expect(textbox('Slug').value).toBe('northway-kia-york-north');
    await waitFor(() => expect(describedBy(textbox('Slug'))).not.toContain('That slug is already in use.'));
    expect(tabNamed('General').textContent).toBe('General');
  }, 60_000);

  it('opens the first tab holding an error when a save fails on fields out of sight', async () => {
    const user = userEvent.setup();
    renderAt('/dealerships/add');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('General (has errors)'),
    );
    expect(tabNamed('Contact Details').textContent).toBe('Contact Details (has errors)');
    expect(tabNamed('Pinnacle').textContent).toBe('Pinnacle (has errors)');
    expect(tabNamed('Imagery').textContent).toBe('Imagery');

    await fill(user, textbox('Name'), 'Northway Kia York');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Contact Details (has errors)'),
    );
    expect(describedBy(textbox('Email'))).toContain('Enter an e-mail address.');
    expect(api.dealerships.validate).not.toHaveBeenCalled();
  });

  it('posts a loaded dealership back unchanged, with the updated_at it loaded', async () => {
    vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const location = await editLeeds();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.dealerships.update).toHaveBeenCalled());
    expect(api.dealerships.validate).toHaveBeenCalledWith({ body: expect.objectContaining({ id: 5 }) });
    expect(api.dealerships.update).toHaveBeenCalledWith({
      params: { id: 5 },
      body: {
        name: 'Northway Kia Leeds',
        slug: 'kia-leeds',
        copy: 'Welcome to **Leeds**.',
        live: true,
        brand_id: 3,
        vehicles_dealer_id: 12,
        published_at: null,
        banner_img: [51],
        dealer_img: [],
        email: 'leeds@example.com',
        telephone: '0113 496 0000',
        crm_emails: ['leads@crm.example'],
        crm_format: 'adf',
        address: {
          address_line_1: '1 Kirkstall Road',
          address_line_2: null,
          city: 'Leeds',
          county: 'West Yorkshire',
          postcode: 'LS3 1AA',
          lat: 53.8,
          lng: -1.56,
        },
        opening_times: leeds.opening_times,
        team: [
          { name: 'Ann Able', content: 'Sales manager', image: [] },
          { name: 'Bob Baker', content: null, image: [61] },
        ],
        quotee_uid: null,
        pinnacle_enquiry_id: 'PIN-1',
        pinnacle_used_enquiry_id: 'PIN-2',
        updated_at: '2024-03-06T10:00:00.000Z',
      },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dealerships'));
    expect(toast.success).toHaveBeenCalledWith('You have updated a dealership.');
  });

  it("shows the server's errors under their fields, in whichever tab they are, and marks those tabs", async () => {
    vi.spyOn(api.dealerships, 'validate').mockRejectedValue(
      new ApiError(422, 'The given data was invalid.', {
        'banner_img.0': ['This image is not in the library. Pick another.'],
        'address.postcode': ['Enter a real postcode.'],
        'opening_times.0.days.sunday': ['Use at most 100 characters.'],
        'team.1.name': ['Enter a name.'],
      }),
    );
    const user = userEvent.setup();
    await editLeeds();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The first tab with an error opens by itself; every tab with one is marked.
    await waitFor(() =>
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Imagery (has errors)'),
    );
    expect(tabNamed('Contact Details').textContent).toBe('Contact Details (has errors)');
    expect(tabNamed('Team').textContent).toBe('Team (has errors)');
    expect(tabNamed('General').textContent).toBe('General');
    expect(tabNamed('Pinnacle').textContent).toBe('Pinnacle');

    expect(inPanel().getByRole('group', { name: 'Banner image' }).textContent).toContain(
      'This image is not in the library. Pick another.',
    );
    expect(inPanel().getByRole('group', { name: 'Dealer image' }).textContent).not.toContain(
      'This image is not in the library. Pick another.',
    );

    const contact = panelOf('Contact Details');
    expect(describedBy(textbox('Postcode', contact))).toContain('Enter a real postcode.');
    expect(describedBy(textbox('City', contact))).toBe('');
    const sales = within(contact.getByRole('group', { name: 'Department 1' }));
    expect(describedBy(textbox('Sunday', sales))).toContain('Use at most 100 characters.');
    expect(describedBy(textbox('Monday', sales))).toBe('');

    const team = panelOf('Team');
    const second = within(team.getByRole('group', { name: 'Team member 2' }));
    expect(describedBy(textbox('Name', second))).toContain('Enter a name.');
    const first = within(team.getByRole('group', { name: 'Team member 1' }));
    expect(describedBy(textbox('Name', first))).toBe('');
    expect(api.dealerships.update).not.toHaveBeenCalled();
  });

  it('adds and removes departments, and never removes the last one', async () => {
    const user = userEvent.setup();
    renderAt('/dealerships/add');
    await screen.findByRole('heading', { level: 1, name: 'Create a new dealership' });
    await openTab(user, 'Contact Details');
    const department = (n: number) => within(inPanel().getByRole('group', { name: `Department ${n}` }));
    await fill(user, textbox('Department', department(1)), 'Sales');
    await user.click(inPanel().getByRole('button', { name: 'Add department' }));
    await fill(user, textbox('Department', department(2)), 'Service');
    await fill(user, textbox('Saturday', department(2)), 'Closed');

    await user.click(department(1).getByRole('button', { name: 'Remove Department 1' }));
    await waitFor(() => expect(inPanel().getAllByRole('group', { name: /^Department \d$/ })).toHaveLength(1));
    expect(textbox('Department', department(1)).value).toBe('Service');
    expect(textbox('Saturday', department(1)).value).toBe('Closed');
    // The only department stays: a dealership needs opening times.
    expect(
      department(1).getByRole('button', { name: 'Remove Department 1' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('moves team members up and down and posts them in their new order', async () => {
    const user = userEvent.setup();
    await editLeeds();
    await openTab(user, 'Team');
    const member = (n: number) => within(inPanel().getByRole('group', { name: `Team member ${n}` }));
    await fill(user, textbox('Content', member(2)), 'Service adviser');
    expect(member(1).getByRole('button', { name: 'Move Team member 1 up' }).hasAttribute('disabled')).toBe(
      true,
    );

    await user.click(member(2).getByRole('button', { name: 'Move Team member 2 up' }));
    await waitFor(() => expect(textbox('Name', member(1)).value).toBe('Bob Baker'));
    expect(textbox('Content', member(1)).value).toBe('Service adviser');
    expect(textbox('Name', member(2)).value).toBe('Ann Able');

    await user.click(member(1).getByRole('button', { name: 'Move Team member 1 down' }));
    await waitFor(() => expect(textbox('Name', member(1)).value).toBe('Ann Able'));
    await user.click(member(1).getByRole('button', { name: 'Move Team member 1 down' }));
    await waitFor(() => expect(textbox('Name', member(1)).value).toBe('Bob Baker'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.dealerships.update).toHaveBeenCalled());
    expect(api.dealerships.update).toHaveBeenCalledWith({
      params: { id: 5 },
      body: expect.objectContaining({
        team: [
          { name: 'Bob Baker', content: 'Service adviser', image: [61] },
          { name: 'Ann Able', content: 'Sales manager', image: [] },
        ],
      }),
    });
  });

  it('restores a revision with another team into the form, unsaved, and saves it with the version it loaded', async () => {
    const revision = {
      id: 31,
      created_at: '2024-03-05T10:00:00.000Z',
      action: 'created' as const,
      user: null,
    };
    vi.spyOn(api.dealerships, 'history').mockResolvedValue(
      pageOf([revision], '/api/dealerships/history', { perPage: 15 }),
    );
    vi.spyOn(api.dealerships, 'historyShow').mockResolvedValue({
      revision,
      data: {
        ...leeds,
        name: 'Kia Leeds',
        // A brand since put in the bin: the brands lookup lacks it, the revision names it.
        brand_id: 8,
        brand: { id: 8, name: 'Seat', logo: null },
        live: false,
        vehicles_dealer_id: null,
        team: [{ name: 'Cat Cole', content: 'Head of sales', image: [] }],
        updated_at: '2024-03-05T10:00:00.000Z',
      },
    });
    const user = userEvent.setup();
    await editLeeds();
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click(await screen.findByRole('button', { name: /^Compare the version of/ }));
    const dialog = screen.getByRole('dialog', { name: 'History' });
    expect(await within(dialog).findByText('Team member 1 › Name', { selector: 'dt' })).toBeTruthy();
    expect(within(dialog).getByText(/Northway/, { selector: 'ins' })).toBeTruthy();
    // The brand and the stock-feed dealer by name, live as Yes or No: as the form shows them.
    const change = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).parentElement?.textContent;
    expect(change('Brand')).toBe('BrandThis version: removed: Seat→Current: added: Kia');
    expect(change('Vehicles dealer')).toBe(
      'Vehicles dealerThis version: removed: None→Current: added: Leeds stock',
    );
    expect(change('Live')).toBe('LiveThis version: removed: No→Current: added: Yes');
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));

    await waitFor(() => expect(textbox('Name').value).toBe('Kia Leeds'));
    // Nothing saved yet; the calls themselves, not their count, so that a failure shows what was sent.
    expect(vi.mocked(api.dealerships.update).mock.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.dealerships.update).toHaveBeenCalled());
    expect(api.dealerships.update).toHaveBeenCalledWith({
      params: { id: 5 },
      body: expect.objectContaining({
        name: 'Kia Leeds',
        brand_id: 8,
        live: false,
        team: [{ name: 'Cat Cole', content: 'Head of sales', image: [] }],
        updated_at: leeds.updated_at,
      }),
    });
  });

  it('shows the conflict instead of overwriting when someone else saved first', async () => {
    vi.spyOn(api.dealerships, 'update').mockRejectedValue(
      new ApiError(
        409,
        'Someone else changed this dealership since you opened it. Reload to see their changes.',
      ),
    );
    const user = userEvent.setup();
    await editLeeds();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else changed this dealership since you opened it.');
    expect(within(alert).getByRole('button', { name: 'Load their changes' })).toBeTruthy();
    expect(textbox('Name').value).toBe('Northway Kia Leeds');
  });

  it('shows not found when the dealership cannot be loaded', async () => {
    vi.spyOn(api.dealerships, 'show').mockRejectedValue(new ApiError(404, 'Not found.'));
    renderAt('/dealerships/edit/404');
    expect(await screen.findByText('Oops! Page not found.')).toBeTruthy();
    expect(screen.getByText("The dealership you are trying to locate clearly doesn't exist...")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all dealerships' }).getAttribute('href')).toBe(
      '/dealerships',
    );
  });
});

describe('the address search', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetFakePlaces();
  });

  const horsforth = {
    name: 'Rawdon Park',
    address_components: [
      component('Rawdon Park', ['premise']),
      component('Green Lane', ['route']),
      component('Yeadon', ['locality', 'political']),
      component('Leeds', ['postal_town']),
      component('West Yorkshire', ['administrative_area_level_2', 'political']),
      component('LS19 7BA', ['postal_code']),
    ],
    geometry: at(53.8654, -1.6851),
  };

  it('is not offered, and loads nothing, without a maps key', async () => {
    const user = userEvent.setup();
    await editLeeds();
    await openTab(user, 'Contact Details');
    expect(inPanel().queryByRole('textbox', { name: 'Find the address' })).toBeNull();
    expect(inPanel().getByText(/Latitude and longitude place the dealership/)).toBeTruthy();
    expect(mapsScripts()).toHaveLength(0);
  });

  it('fills in the address of the place picked, which can still be edited and is saved', async () => {
    vi.stubEnv('VITE_MAPS_KEY', 'test-key');
    const user = userEvent.setup();
    await editLeeds();
    await openTab(user, 'Contact Details');
    expect(inPanel().getByRole('textbox', { name: 'Find the address' })).toBeTruthy();
    loadMapsScript();
    await waitFor(() => expect(FakeAutocomplete.made).toHaveLength(1));

    FakeAutocomplete.made[0]?.choose(horsforth);
    await waitFor(() => expect(textbox('Address line 1').value).toBe('Rawdon Park, Green Lane'));
    expect(textbox('Address line 2').value).toBe('Yeadon');
    expect(textbox('City').value).toBe('Leeds');
    expect(textbox('County').value).toBe('West Yorkshire');
    expect(textbox('Postcode').value).toBe('LS19 7BA');
    expect(textbox('Latitude').value).toBe('53.8654');
    expect(textbox('Longitude').value).toBe('-1.6851');

    await fill(user, textbox('Address line 1'), ', Unit 4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.dealerships.update).toHaveBeenCalled());
    expect(api.dealerships.update).toHaveBeenCalledWith({
      params: { id: 5 },
      body: expect.objectContaining({
        address: {
          address_line_1: 'Rawdon Park, Green Lane, Unit 4',
          address_line_2: 'Yeadon',
          city: 'Leeds',
          county: 'West Yorkshire',
          postcode: 'LS19 7BA',
          lat: 53.8654,
          lng: -1.6851,
        },
      }),
    });
  });

  it('says to type the address by hand when the search cannot load, and keeps the fields', async () => {
    vi.stubEnv('VITE_MAPS_KEY', 'test-key');
    const user = userEvent.setup();
    await editLeeds();
    await openTab(user, 'Contact Details');
    failMapsScript();
    expect((await inPanel().findByRole('status')).textContent).toBe(
      'Address search is unavailable; enter the address by hand.',
    );
    expect(textbox('Address line 1').value).toBe('1 Kirkstall Road');
    expect(textbox('Postcode').value).toBe('LS3 1AA');
  });
});
