import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Paginator } from '@/api/contract/common';
import type { RemoveInput, RestoreInput } from '@/machines/lifecycle';
import { clearAnnouncements } from '../announce';
import { LiveRegion } from '../LiveRegion';
import { findEnabled } from '../testing/findEnabled';
import { LifecycleList } from './LifecycleList';
import { outcomeMessage } from './useOutcome';

interface Brand {
  id: number;
  name: string;
}

function paginator(rows: Brand[]): Paginator<Brand> {
  return {
    data: rows,
    current_page: 1,
    last_page: 1,
    per_page: 25,
    from: rows.length ? 1 : null,
    to: rows.length ? rows.length : null,
    total: rows.length,
    path: '/api/brands',
    first_page_url: '/api/brands?page=1',
    last_page_url: '/api/brands?page=1',
    prev_page_url: null,
    next_page_url: null,
    links: [],
  };
}

/** A server's worth of brands in memory: deletes and restores change what the next load answers. */
function brandStore(names: string[]) {
  let active: Brand[] = names.map((name, index) => ({ id: index + 1, name }));
  let trashed: Brand[] = [];
  return {
    load: async () => ({ active: paginator(active), trashed: paginator(trashed) }),
    remove: async ({ ids, type }: RemoveInput) => {
      if (type === 'all') trashed = [...trashed, ...active.filter((row) => ids.includes(row.id))];
      else trashed = trashed.filter((row) => !ids.includes(row.id));
      active = active.filter((row) => !ids.includes(row.id));
      return {};
    },
    restore: async ({ ids }: RestoreInput) => {
      active = [...active, ...trashed.filter((row) => ids.includes(row.id))];
      trashed = trashed.filter((row) => !ids.includes(row.id));
      return {};
    },
  };
}

function renderBrands(names: string[]) {
  const store = brandStore(names);
  render(
    <>
      <LifecycleList<Brand>
        nouns={{ one: 'brand', many: 'brands' }}
        startHref="/brands/add"
        editHref={(row) => `/brands/edit/${row.id}`}
        columns={[{ id: 'name', label: 'Name' }]}
        columnsKey="outcome.columns"
        renderCell={(row) => row.name}
        rowLabel={(row) => row.name}
        load={store.load}
        remove={store.remove}
        restore={store.restore}
      />
      <LiveRegion />
    </>,
  );
}

function announced(): string[] {
  return Array.from(screen.getByRole('status').children).map((line) => line.textContent ?? '');
}

afterEach(() => act(() => clearAnnouncements()));

describe('what a delete or restore says and where focus goes', () => {
  it('names the brand in the confirm, says it moved to the bin and focuses the next row’s Delete', async () => {
    const user = userEvent.setup();
    renderBrands(['Kia', 'Hyundai', 'Ford']);
    await user.click(await screen.findByRole('button', { name: 'Delete Kia' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Hold up!' });
    expect(within(dialog).getByText('Kia')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Yes please' }));
    await waitFor(() => expect(announced()).toEqual(['Kia moved to the bin']));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Hyundai' })),
    );
  });

  it('focuses the last row’s Delete when the last row went', async () => {
    const user = userEvent.setup();
    renderBrands(['Kia', 'Hyundai', 'Ford']);
    await user.click(await screen.findByRole('button', { name: 'Delete Ford' }));
    await user.click(screen.getByRole('button', { name: 'Yes please' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Hyundai' })),
    );
  });

  it('focuses the checkbox of the row in their place after a bulk action', async () => {
    const user = userEvent.setup();
    renderBrands(['Kia', 'Hyundai', 'Ford']);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Kia' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(screen.getByRole('button', { name: 'Yes please' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select Hyundai' })),
    );
  });

  it('counts a bulk restore and focuses the search box when the bin is empty', async () => {
    const user = userEvent.setup();
    renderBrands(['Kia', 'Hyundai', 'Ford']);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Kia' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Hyundai' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(within(screen.getByRole('alertdialog')).getByText('Kia, Hyundai')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes please' }));
    await waitFor(() => expect(announced()).toContain('2 brands moved to the bin'));

    await user.click(await screen.findByRole('tab', { name: 'Bin (2)' }));
    await user.click(await findEnabled('checkbox', 'Select all'));
    await user.click(await findEnabled('button', 'Restore selected'));
    await waitFor(() => expect(announced()).toContain('2 brands restored'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search brands' })),
    );
  });

  it('says a brand was deleted forever from the bin', async () => {
    const user = userEvent.setup();
    renderBrands(['Kia']);
    await user.click(await screen.findByRole('button', { name: 'Delete Kia' }));
    await user.click(screen.getByRole('button', { name: 'Yes please' }));
    await user.click(await screen.findByRole('tab', { name: 'Bin (1)' }));
    await user.click(await findEnabled('button', 'Delete forever Kia'));
    await user.click(screen.getByRole('button', { name: 'Yes please' }));
    await waitFor(() => expect(announced()).toContain('Kia deleted forever'));
  });

  it('holds the table in the tab panel of the selected view', async () => {
    renderBrands(['Kia']);
    const panel = await screen.findByRole('tabpanel', { name: /^All/ });
    expect(within(panel).getByRole('table', { name: 'All brands' })).toBeTruthy();
  });
});

describe('outcomeMessage', () => {
  it('names one record and counts several', () => {
    const nouns = { one: 'brand', many: 'brands' };
    expect(outcomeMessage('binned', 1, ['Kia'], nouns)).toBe('Kia moved to the bin');
    expect(outcomeMessage('restored', 2, ['Kia', 'Ford'], nouns)).toBe('2 brands restored');
    expect(outcomeMessage('deleted', 1, [], nouns)).toBe('1 brand deleted forever');
  });
});
