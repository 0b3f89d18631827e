import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import type { Paginator } from '@/api/contract/common';
import { PagedList, type PagedListProps } from './PagedList';

interface Reservation {
  id: number;
  name: string;
}

function page(rows: Reservation[], current = 1, last = 1): Paginator<Reservation> {
  return {
    data: rows,
    current_page: current,
    last_page: last,
    per_page: 1,
    from: rows.length ? current : null,
    to: rows.length ? current : null,
    total: last,
    path: '/api/reservations',
    first_page_url: '/api/reservations?page=1',
    last_page_url: `/api/reservations?page=${last}`,
    prev_page_url: current > 1 ? `/api/reservations?page=${current - 1}` : null,
    next_page_url: current < last ? `/api/reservations?page=${current + 1}` : null,
    links: [],
  };
}

function setup(load: PagedListProps<Reservation>['load'], extra: Partial<PagedListProps<Reservation>> = {}) {
  const spy = vi.fn(load);
  const utils = render(
    <PagedList<Reservation>
      nouns={{ one: 'reservation', many: 'reservations' }}
      columns={[{ id: 'name', label: 'Name' }]}
      columnsKey="test.reservations"
      renderCell={(row) => row.name}
      rowLabel={(row) => row.name}
      load={spy}
      {...extra}
    />,
  );
  return { load: spy, ...utils };
}

describe('PagedList', () => {
  it('lists the rows and goes to the next page', async () => {
    const user = userEvent.setup();
    const { load } = setup(async ({ page: at }) =>
      page([{ id: at, name: at === 1 ? 'Ann Able' : 'Bob Baker' }], at, 2),
    );
    expect(await screen.findByText('Ann Able')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Bob Baker')).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith({ search: '', page: 2 });
  });

  it('says there is nothing yet, with no way to start when the website fills the list', async () => {
    setup(async () => page([]));
    expect(await screen.findByText("Oops! We've not started yet...")).toBeTruthy();
    expect(screen.getByText('There are no reservations yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  it('searches from page 1 once typing stops and offers to clear a search that found nothing', async () => {
    const user = userEvent.setup();
    const { load } = setup(async ({ search }) => (search ? page([]) : page([{ id: 1, name: 'Ann Able' }])));
    await screen.findByText('Ann Able');
    await user.type(screen.getByRole('searchbox', { name: 'Search reservations' }), 'zz');
    expect(await screen.findByText('Oops! No results...', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByText('No reservations match “zz”.')).toBeTruthy();
    // One search for what was typed, not one per keystroke.
    expect(load.mock.calls.map(([input]) => input)).toEqual([
      { search: '', page: 1 },
      { search: 'zz', page: 1 },
    ]);
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(await screen.findByText('Ann Able')).toBeTruthy();
  });

  it('shows why the list failed to load and loads again on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    setup(async () => {
      if (fail) throw new ApiError(500, 'Server Error');
      return page([{ id: 1, name: 'Ann Able' }]);
    });
    const failed = await screen.findByText('The reservations could not be loaded.');
    expect(within(failed.parentElement as HTMLElement).getByText('Server Error')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ann Able')).toBeTruthy();
  });

  it('loads again through the new loader when its filter changes', async () => {
    const forForm = (form: string) => async () => page([{ id: 1, name: `Response to ${form}` }]);
    const { rerender } = setup(forForm('Contact'), { loadKey: 'Contact' });
    expect(await screen.findByText('Response to Contact')).toBeTruthy();
    rerender(
      <PagedList<Reservation>
        nouns={{ one: 'reservation', many: 'reservations' }}
        columns={[{ id: 'name', label: 'Name' }]}
        columnsKey="test.reservations"
        renderCell={(row) => row.name}
        rowLabel={(row) => row.name}
        load={forForm('Test drive')}
        loadKey="Test drive"
      />,
    );
    expect(await screen.findByText('Response to Test drive')).toBeTruthy();
  });
});
