import '@/ui/jsdomGaps';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { Reservation } from '@/api/contract/reservations';
import { api } from '@/api/endpoints';
import { pageOf } from '@/api/testPages';
import { signedInAs } from '@/machines/testSession';
import ReservationShowScreen from './ReservationShowScreen';
import ReservationsIndexScreen from './ReservationsIndexScreen';

const emptyPage = pageOf<Reservation>([], '/api/reservations');

afterEach(() => vi.restoreAllMocks());

function renderAt(path: string, screenComponent: () => React.ReactNode) {
  const location = memoryLocation({ path, record: true });
  const Screen = screenComponent;
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Screen />
    </Router>,
  );
  return location;
}

describe('the reservations screens', () => {
  it('say there are no reservations yet when the list is empty without a search', async () => {
    vi.spyOn(api.reservations, 'list').mockResolvedValue({ reservations: emptyPage });
    renderAt('/reservations', ReservationsIndexScreen);
    expect(await screen.findByText('There are currently no reservations.')).toBeTruthy();
    expect(screen.queryByText('Oops! No results...')).toBeNull();
  });

  it('say Oops! No results... with Clear Search when a search finds nothing', async () => {
    const list = vi.spyOn(api.reservations, 'list').mockResolvedValue({ reservations: emptyPage });
    renderAt('/reservations?search=nobody', ReservationsIndexScreen);
    expect(await screen.findByText('Oops! No results...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear Search' })).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ query: { search: 'nobody', page: 1 } });
  });

  it('keep the search in the address: Clear Search takes it out, and an address from elsewhere is loaded', async () => {
    const list = vi.spyOn(api.reservations, 'list').mockResolvedValue({ reservations: emptyPage });
    const location = renderAt('/reservations?search=nobody&page=2', ReservationsIndexScreen);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Search' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/reservations'));
    expect(list).toHaveBeenLastCalledWith({ query: { search: '', page: 1 } });
    expect(await screen.findByText('There are currently no reservations.')).toBeTruthy();
    // The back button, or a link to a search.
    act(() => location.navigate('/reservations?search=kia&page=3'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ query: { search: 'kia', page: 3 } }));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search reservations' }).value).toBe(
      'kia',
    );
    expect(list).toHaveBeenCalledTimes(3);
  });

  it("say the reservation doesn't exist when its fetch fails", async () => {
    vi.spyOn(api.reservations, 'show').mockRejectedValue(new ApiError(500, 'Server Error'));
    const location = memoryLocation({ path: '/reservations/7' });
    render(
      <Router hook={location.hook}>
        <ReservationShowScreen />
      </Router>,
    );
    expect(await screen.findByText("The reservation you are trying to view doesn't exist.")).toBeTruthy();
  });

  it('show a charge paid without a card, partly refunded, in its own currency', async () => {
    const paid: Reservation = {
      id: 7,
      name: 'Luca Euro',
      email: 'N/A',
      phone: null,
      postal_code: null,
      registration: 'N/A',
      reserved_at: '2026-05-01T10:00:00.000Z',
      refunded: false,
      refunded_at: '2026-05-03T10:00:00.000Z',
      amount: 250000,
      currency: 'eur',
      amount_refunded: 62500,
      amount_pending: 0,
      brand: null,
      exp_year: null,
      last4: null,
      charge_id: 'ch_3QdebitEuro',
      brand_id: null,
      dealership_id: null,
    };
    vi.spyOn(api.reservations, 'show').mockResolvedValue({ data: paid, refunds_available: false });
    const location = memoryLocation({ path: '/reservations/7' });
    render(
      <Router hook={location.hook}>
        <ReservationShowScreen />
      </Router>,
      { wrapper: signedInAs('Sales') },
    );
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(status.textContent).toContain('Partially refunded: €625.00 of €2,500.00');
    expect(screen.getByRole('img', { name: 'Partially refunded' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sale details' }).textContent).toContain('€2,500.00');
    const card = screen.getByRole('region', { name: 'Card details' });
    expect([...card.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      'N/A',
      'N/A',
      'N/A',
      'ch_3QdebitEuro',
    ]);
  });
});
