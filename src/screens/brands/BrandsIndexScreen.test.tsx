import '@/ui/jsdomGaps';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { Brand } from '@/api/contract/brands';
import { api } from '@/api/endpoints';
import { pageOf } from '@/api/testPages';
import { signedInAs } from '@/machines/testSession';
import { toast } from '@/ui/toasts';
import BrandsIndexScreen from './BrandsIndexScreen';

function brand(id: number, name: string, more: Partial<Brand> = {}): Brand {
  return {
    id,
    name,
    slug: name.toLowerCase(),
    live: true,
    is_fake: false,
    manufacturer_id: 0,
    lcv_manufacturer_id: 0,
    logo: { id, name: `${id}.png`, url: `/storage/media/${id}` },
    manufacturer: null,
    lcvManufacturer: null,
    code: null,
    created_at: '2024-03-05T10:00:00.000Z',
    updated_at: '2024-09-06T10:00:00.000Z',
    deleted_at: null,
    ...more,
  };
}

/** What the server holds: the active brands in their order, and the bin. */
let stored: { active: Brand[]; trashed: Brand[] };

beforeEach(() => {
  localStorage.clear();
  stored = {
    active: [brand(1, 'Kia'), brand(2, 'Ford', { live: false, logo: null }), brand(3, 'Toyota')],
    trashed: [brand(4, 'Rover', { deleted_at: '2024-09-07T10:00:00.000Z' })],
  };
  vi.spyOn(api.brands, 'list').mockImplementation(async () => ({
    brands: pageOf(stored.active, '/api/brands'),
    trashed: pageOf(stored.trashed, '/api/brands'),
  }));
  vi.spyOn(api.brands, 'sort').mockImplementation(async ({ body }) => {
    const byId = new Map(stored.active.map((b) => [b.id, b]));
    stored.active = body.brands.map((id) => byId.get(Number(id))!);
    return { message: 'The order of the brands has been saved.' };
  });
  // jsdom lays nothing out: each body row gets the box it would have, so the keyboard can move rows.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('tbody > tr');
    const index = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    const top = 100 + index * 22;
    return { x: 0, y: top, top, left: 0, right: 800, bottom: top + 22, width: 800, height: 22 } as DOMRect;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  toast.clear();
});

function renderList(role = 'Group administrator') {
  render(
    <Router hook={memoryLocation({ path: '/brands' }).hook}>
      <BrandsIndexScreen />
    </Router>,
    { wrapper: signedInAs(role) },
  );
}

/** The brands in the order the rows show them, read from their checkboxes ('Select Kia'). */
const shownNames = () =>
  screen
    .getAllByRole('checkbox', { name: /^Select (?!all$)/ })
    .map((box) => box.getAttribute('aria-label')?.replace(/^Select /, ''));

/** Picks a row up by its handle, moves it down `steps` rows and drops it, all with the keyboard. */
async function moveDown(user: ReturnType<typeof userEvent.setup>, name: string, steps: number) {
  screen.getByRole('button', { name: `Reorder ${name}` }).focus();
  await user.keyboard('[Space]');
  for (let i = 0; i < steps; i++) await user.keyboard('[ArrowDown]');
  await user.keyboard('[Space]');
}

describe('the brands list', () => {
  it('shows each brand with its logo, its address on the site, whether it is live and its dates', async () => {
    renderList();
    const kia = (await screen.findByText('Kia')).closest('tr')!;
    expect(kia.querySelector('img')?.getAttribute('src')).toBe('/storage/media/1');
    expect(kia.textContent).toContain('https://www.example-motors.co.uk/kia');
    expect(within(kia).getByRole('img', { name: 'Live' })).toBeTruthy();
    expect(within(kia).getAllByText('5 Mar 24')).toHaveLength(1);
    expect(within(kia).getByText('6 Sep 24')).toBeTruthy();
    const ford = screen.getByText('Ford').closest('tr')!;
    expect(within(ford).getByRole('img', { name: 'Not live' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Bin (1)' })).toBeTruthy();
  });

  it('offers drag handles only in the All view without a search', async () => {
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByRole('button', { name: 'Reorder Kia' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search brands' }), 'ki');
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Search brands' }));
    expect(await screen.findByRole('button', { name: 'Reorder Kia' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Bin (1)' }));
    await screen.findByText('Rover');
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
  });

  it('offers no drag handle for a list of one brand, which has no other place to take', async () => {
    stored.active = [brand(1, 'Kia')];
    renderList('Brand manager');
    await screen.findByText('Kia');
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
  });

  it('moves a brand with the keyboard, saves the order of the page and reloads it', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('button', { name: 'Reorder Kia' });
    expect(shownNames()).toEqual(['Kia', 'Ford', 'Toyota']);

    // The save waits until released, to see what shows meanwhile.
    let release = () => {};
    const saving = vi.mocked(api.brands.sort).getMockImplementation()!;
    vi.mocked(api.brands.sort).mockImplementationOnce(
      (input) => new Promise((resolve) => (release = () => resolve(saving(input)))),
    );

    await moveDown(user, 'Kia', 2);
    await waitFor(() => expect(api.brands.sort).toHaveBeenCalledWith({ body: { brands: [2, 3, 1] } }));
    // The new order shows at once, before the server has answered.
    expect(shownNames()).toEqual(['Ford', 'Toyota', 'Kia']);
    expect(api.brands.list).toHaveBeenCalledTimes(1);

    release();
    // The reload after the save brings the server's order, which is the new one.
    await waitFor(() => expect(api.brands.list).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(shownNames()).toEqual(['Ford', 'Toyota', 'Kia']));
    // Focus stays on the handle that was moved, so the keyboard can carry on.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Reorder Kia');
  });

  it('puts the order back and shows the error when the new order cannot be saved', async () => {
    let refuse = () => {};
    vi.mocked(api.brands.sort).mockImplementation(
      () =>
        new Promise((_, reject) => {
          refuse = () => reject(new ApiError(422, 'Some of the selected brands do not exist.'));
        }),
    );
    const showError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('button', { name: 'Reorder Kia' });

    await moveDown(user, 'Kia', 1);
    await waitFor(() => expect(api.brands.sort).toHaveBeenCalledWith({ body: { brands: [2, 1, 3] } }));
    expect(shownNames()).toEqual(['Ford', 'Kia', 'Toyota']);

    refuse();
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Some of the selected brands do not exist.'));
    expect(shownNames()).toEqual(['Kia', 'Ford', 'Toyota']);
    await waitFor(() => expect(api.brands.list).toHaveBeenCalledTimes(2));
  });

  it('draws no control a role that may only view brands could not use', async () => {
    const user = userEvent.setup();
    renderList('Read only');
    await screen.findByText('Kia');
    expect(screen.queryByRole('link', { name: 'Add brand' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
    // Viewing a brand is allowed: its row still opens it.
    expect(screen.getByRole('link', { name: 'Edit Kia' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /^Bin/ }));
    await screen.findByText('Rover');
    expect(screen.queryByRole('button', { name: /^Restore/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete forever/ })).toBeNull();
  });
});
