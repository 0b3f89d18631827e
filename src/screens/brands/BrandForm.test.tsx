import '@/ui/jsdomGaps';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { Brand, Manufacturer } from '@/api/contract/brands';
import { api } from '@/api/endpoints';
import { pageOf } from '@/api/testPages';
import { signedInAs } from '@/machines/testSession';
import { toast } from '@/ui/toasts';
import BrandAddScreen from './BrandAddScreen';
import BrandEditScreen from './BrandEditScreen';

const makers: Record<'Car' | 'LCV', Manufacturer[]> = {
  Car: [
    { name: 'Citroen', code: 504, type: 'Car' },
    { name: 'Kia', code: 507, type: 'Car' },
  ],
  LCV: [{ name: 'Ford', code: 505, type: 'LCV' }],
};

const kia: Brand = {
  id: 3,
  name: 'Kia',
  slug: 'kia',
  live: true,
  is_fake: false,
  manufacturer_id: 507,
  lcv_manufacturer_id: 0,
  logo: { id: 41, name: 'k1.png', url: '/storage/media/k1' },
  manufacturer: { name: 'Kia', code: 507 },
  lcvManufacturer: null,
  code: 'KIA',
  created_at: '2024-03-05T10:00:00.000Z',
  updated_at: '2024-03-06T10:00:00.000Z',
  deleted_at: null,
};

beforeEach(() => {
  vi.spyOn(api.brands, 'manufacturers').mockImplementation(async ({ query }) => ({
    data: makers[query.type],
  }));
  vi.spyOn(api.brands, 'validate').mockResolvedValue({ valid: true });
  vi.spyOn(api.brands, 'create').mockResolvedValue({ id: 9, message: 'You have added a new brand.' });
  vi.spyOn(api.brands, 'update').mockResolvedValue({ id: 3, message: 'You have updated a brand.' });
});

afterEach(() => {
  vi.restoreAllMocks();
  toast.clear();
});

function renderAt(path: string, role = 'Group administrator') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Route path="/brands/add" component={BrandAddScreen} />
      <Route path="/brands/edit/:id" component={BrandEditScreen} />
    </Router>,
    { wrapper: signedInAs(role) },
  );
  return location;
}

/** A select's button is named by its value, then its label ('Kia Manufacturer'). */
const selectName = (label: string) => new RegExp(`(^|\\s)${label}$`);

/** Opens a select by its label and picks an option by name. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const trigger = await screen.findByRole('button', { name: selectName(label) });
  await waitFor(() => expect(trigger.hasAttribute('disabled')).toBe(false));
  await user.click(trigger);
  await user.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
}

const textbox = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

function mockHistory() {
  const revision = {
    id: 21,
    created_at: '2024-03-05T10:00:00.000Z',
    action: 'created' as const,
    user: null,
  };
  vi.spyOn(api.brands, 'history').mockResolvedValue(
    pageOf([revision], '/api/brands/history', { perPage: 15 }),
  );
  vi.spyOn(api.brands, 'historyShow').mockResolvedValue({
    revision,
    data: {
      ...kia,
      name: 'Kia Cars',
      slug: 'kia-cars',
      live: false,
      is_fake: true,
      manufacturer_id: 504,
      manufacturer: { name: 'Citroen', code: 504 },
      lcv_manufacturer_id: 505,
      lcvManufacturer: { name: 'Ford', code: 505 },
      updated_at: '2024-03-05T10:00:00.000Z',
    },
  });
}

describe('the brand form', () => {
  it('suggests the slug from the name until the slug is edited', async () => {
    const user = userEvent.setup();
    renderAt('/brands/add');
    await user.type(textbox('Name'), 'Citroën UK');
    expect(textbox('Slug').value).toBe('citroen-uk');

    await user.clear(textbox('Slug'));
    await user.type(textbox('Slug'), 'citroen');
    await user.type(textbox('Name'), ' Vans');
    expect(textbox('Slug').value).toBe('citroen');
  });

  it('posts the chosen makes as their codes, then goes back to the list with a toast', async () => {
    vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const location = renderAt('/brands/add');
    await user.type(textbox('Name'), 'Citroën');
    await choose(user, 'Manufacturer', 'Citroen');
    await choose(user, 'LCV manufacturer', 'Ford');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.brands.create).toHaveBeenCalled());
    expect(api.brands.validate).toHaveBeenCalledWith({
      body: expect.objectContaining({ slug: 'citroen', manufacturer_id: 504, lcv_manufacturer_id: 505 }),
    });
    expect(api.brands.create).toHaveBeenCalledWith({
      body: expect.objectContaining({ name: 'Citroën', live: false, is_fake: false, logo: null }),
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/brands'));
    expect(toast.success).toHaveBeenCalledWith('You have added a new brand.');
  });

  it('loads a brand, posts None as 0 and carries the updated_at it loaded', async () => {
    vi.spyOn(api.brands, 'show').mockResolvedValue({ data: kia });
    const user = userEvent.setup();
    renderAt('/brands/edit/3');
    expect(await screen.findByText('Updating Kia')).toBeTruthy();
    // The make it has shows once the list is in.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: selectName('Manufacturer') }).textContent).toContain('Kia'),
    );
    expect(textbox('Slug').value).toBe('kia');

    // Renaming an existing brand leaves its address alone.
    await user.type(textbox('Name'), ' Motors');
    expect(textbox('Slug').value).toBe('kia');

    await choose(user, 'Manufacturer', 'None');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.brands.update).toHaveBeenCalled());
    expect(api.brands.update).toHaveBeenCalledWith({
      params: { id: 3 },
      body: expect.objectContaining({
        name: 'Kia Motors',
        slug: 'kia',
        live: true,
        manufacturer_id: 0,
        lcv_manufacturer_id: 0,
        logo: 41,
        updated_at: kia.updated_at,
      }),
    });
    expect(api.brands.validate).toHaveBeenCalledWith({ body: expect.objectContaining({ id: 3 }) });
  });

  it('restores a revision into the form as unsaved changes, saved only by Save with the version it loaded', async () => {
    vi.spyOn(api.brands, 'show').mockResolvedValue({ data: kia });
    mockHistory();
    const user = userEvent.setup();
    renderAt('/brands/edit/3');
    await screen.findByText('Updating Kia');
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('Created by System')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Compare the version of/ }));
    const dialog = screen.getByRole('dialog', { name: 'History' });
    expect((await within(dialog).findByText(/Cars/, { selector: 'del' })).textContent).toMatch(
      /^removed: +Cars$/,
    );
    // Each field under the form's label, the makes by name and the flags as Yes or No.
    const change = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).parentElement?.textContent;
    expect(change('Live')).toBe('LiveThis version: removed: No→Current: added: Yes');
    expect(change('Fake brand')).toBe('Fake brandThis version: removed: Yes→Current: added: No');
    expect(change('Manufacturer')).toBe('ManufacturerThis version: removed: Citroen→Current: added: Kia');
    expect(change('LCV manufacturer')).toBe(
      'LCV manufacturerThis version: removed: Ford→Current: added: None',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));

    await waitFor(() => expect(textbox('Name').value).toBe('Kia Cars'));
    expect(textbox('Slug').value).toBe('kia-cars');
    await waitFor(() => expect(document.activeElement).toBe(textbox('Name')));
    expect(api.brands.update).not.toHaveBeenCalled();

    // The restored version is unsaved work: leaving asks first.
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.brands.update).toHaveBeenCalled());
    expect(api.brands.update).toHaveBeenCalledWith({
      params: { id: 3 },
      body: expect.objectContaining({
        name: 'Kia Cars',
        slug: 'kia-cars',
        live: false,
        is_fake: true,
        manufacturer_id: 504,
        lcv_manufacturer_id: 505,
        updated_at: kia.updated_at,
      }),
    });
  });

  it('shows a reader the versions to compare, with none to load into a form they cannot save', async () => {
    vi.spyOn(api.brands, 'show').mockResolvedValue({ data: kia });
    mockHistory();
    const user = userEvent.setup();
    renderAt('/brands/edit/3', 'Read only');
    await screen.findByText('Updating Kia');
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click(await screen.findByRole('button', { name: /^Compare the version of/ }));
    const dialog = screen.getByRole('dialog', { name: 'History' });
    const load = await within(dialog).findByRole('button', { name: 'Restore this version' });
    expect(load.hasAttribute('disabled') || load.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(within(dialog).getByText(/^Your role, Read only, cannot change brands\./)).toBeTruthy();
    await user.click(load);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull());
    expect(textbox('Name').value).toBe('Kia');
  });

  it('offers a reader the make pickers disabled, as every other field of the form', async () => {
    vi.spyOn(api.brands, 'show').mockResolvedValue({ data: kia });
    const user = userEvent.setup();
    renderAt('/brands/edit/3', 'Read only');
    await screen.findByText('Updating Kia');
    // Once the makes have loaded, which is when a picker that may be changed is enabled.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: selectName('Manufacturer') }).textContent).toContain('Kia'),
    );
    for (const label of ['Manufacturer', 'LCV manufacturer']) {
      const trigger = screen.getByRole('button', { name: selectName(label) });
      expect(trigger.hasAttribute('disabled'), label).toBe(true);
      await user.click(trigger);
      expect(screen.queryByRole('listbox'), label).toBeNull();
    }
  });

  it('keeps the make a brand has when the list of makes cannot be loaded', async () => {
    vi.spyOn(api.brands, 'show').mockResolvedValue({ data: kia });
    vi.mocked(api.brands.manufacturers).mockRejectedValue(new ApiError(500, 'Server error'));
    const user = userEvent.setup();
    renderAt('/brands/edit/3');
    await screen.findByText('Updating Kia');
    expect(
      (await screen.findAllByText('The list of makes could not be loaded; the current choice is kept.'))
        .length,
    ).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.brands.update).toHaveBeenCalled());
    expect(api.brands.update).toHaveBeenCalledWith({
      params: { id: 3 },
      body: expect.objectContaining({ manufacturer_id: 507, lcv_manufacturer_id: 0 }),
    });
  });

  it('shows the server field errors under their fields and does not save', async () => {
    vi.mocked(api.brands.validate).mockRejectedValue(
      new ApiError(422, 'The given data was invalid.', { slug: ['That slug is already in use.'] }),
    );
    const user = userEvent.setup();
    renderAt('/brands/add');
    await user.type(textbox('Name'), 'Kia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That slug is already in use.')).toBeTruthy();
    expect(api.brands.create).not.toHaveBeenCalled();
    expect(textbox('Name').value).toBe('Kia');
  });

  it('clears the slug’s error once a new name has changed the slug it was about', async () => {
    vi.mocked(api.brands.validate).mockRejectedValueOnce(
      new ApiError(422, 'The given data was invalid.', { slug: ['That slug is already in use.'] }),
    );
    const user = userEvent.setup();
    renderAt('/brands/add');
    await user.type(textbox('Name'), 'Kia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That slug is already in use.')).toBeTruthy();
    // The refused save takes focus to the slug first; then the name is typed in.
    await waitFor(() => expect(document.activeElement).toBe(textbox('Slug')));
    await user.click(textbox('Name'));
    expect(document.activeElement).toBe(textbox('Name'));
    await user.keyboard('{End} Motors');
    expect(textbox('Slug').value).toBe('kia-motors');
    await waitFor(() => expect(screen.queryByText('That slug is already in use.')).toBeNull());
    expect(textbox('Slug').getAttribute('aria-invalid')).not.toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.brands.validate).toHaveBeenLastCalledWith({
        body: expect.objectContaining({ slug: 'kia-motors' }),
      }),
    );
  });

  it('keeps the slug’s error while a new name leaves an existing brand’s slug as it is', async () => {
    vi.spyOn(api.brands, 'show').mockResolvedValue({ data: kia });
    vi.mocked(api.brands.validate).mockRejectedValueOnce(
      new ApiError(422, 'The given data was invalid.', { slug: ['That slug is already in use.'] }),
    );
    const user = userEvent.setup();
    renderAt('/brands/edit/3');
    await screen.findByText('Updating Kia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That slug is already in use.')).toBeTruthy();
    // The refused save takes focus to the slug first; then the name is typed in.
    await waitFor(() => expect(document.activeElement).toBe(textbox('Slug')));
    await user.click(textbox('Name'));
    expect(document.activeElement).toBe(textbox('Name'));
    await user.keyboard('{End} Cars');
    expect(textbox('Slug').value).toBe('kia');
    expect(screen.getByText('That slug is already in use.')).toBeTruthy();
  });

  it('shows the conflict instead of overwriting a brand someone else changed', async () => {
    vi.spyOn(api.brands, 'show').mockResolvedValue({ data: kia });
    vi.mocked(api.brands.update).mockRejectedValue(
      new ApiError(409, 'Someone else changed this brand since you opened it. Reload to see their changes.'),
    );
    const user = userEvent.setup();
    renderAt('/brands/edit/3');
    await screen.findByText('Updating Kia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else changed this brand');
    expect(within(alert).getByRole('button', { name: 'Load their changes' })).toBeTruthy();
  });

  it('shows the not-found state with a way back when the brand cannot be loaded', async () => {
    vi.spyOn(api.brands, 'show').mockRejectedValue(new ApiError(404, 'Not found'));
    renderAt('/brands/edit/999');
    expect(await screen.findByText('Oops! Page not found.')).toBeTruthy();
    expect(screen.getByText("The brand you are trying to locate clearly doesn't exist...")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all brands' }).getAttribute('href')).toBe('/brands');
  });
});
