import '@/ui/jsdomGaps';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { Paginator } from '@/api/contract/common';
import type { Reservation } from '@/api/contract/reservations';
import { api } from '@/api/endpoints';
import ReservationShowScreen from './ReservationShowScreen';
import ReservationsIndexScreen from './ReservationsIndexScreen';

const emptyPage: Paginator<Reservation> = {
  data: [],
  current_page: 1,
  last_page: 1,
  per_page: 25,
  from: null,
  to: null,
  total: 0,
  path: '/api/reservations',
  first_page_url: '/api/reservations?page=1',
  last_page_url: '/api/reservations?page=1',
  prev_page_url: null,
  next_page_url: null,
};

afterEach(() => vi.restoreAllMocks());

function renderAt(path: string, screenComponent: () => React.ReactNode) {
  const location = memoryLocation({ path });
  const Screen = screenComponent;
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Screen />
    </Router>,
  );
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
});
