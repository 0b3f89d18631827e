import '@/ui/jsdomGaps';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '@/api/contract/users';
import { api } from '@/api/endpoints';
import { pageOf } from '@/api/testPages';
import { signedInAs } from '@/machines/testSession';
import { toast } from '@/ui/toasts';
import UserEditScreen from './UserEditScreen';

/** Brand 9 and dealership 40 went to the bin or were deleted forever: the lists no longer name them. */
const scoped: User = {
  id: 7,
  name: 'Brenda Manager',
  email: 'brenda@example.com',
  meta: { telephone: null, job_title: null, avatar: null },
  role_id: 2,
  role: { id: 2, name: 'Brand manager' },
  scope: { brand_ids: [9], dealership_ids: [40] },
  created_at: '2024-03-05T10:00:00.000Z',
  updated_at: '2024-03-06T10:00:00.000Z',
  deleted_at: null,
};

beforeEach(() => {
  vi.spyOn(api.users, 'show').mockResolvedValue({ data: scoped });
  vi.spyOn(api.roles, 'options').mockResolvedValue({
    data: [{ id: 2, name: 'Brand manager', assignable: true }],
  });
  vi.spyOn(api.brands, 'options').mockResolvedValue({ data: [{ id: 3, name: 'Kia', slug: 'kia' }] });
  vi.spyOn(api.dealerships, 'list').mockResolvedValue({
    dealerships: pageOf([{ id: 41, name: 'Kia Leeds', brand_id: 3 }], '/api/dealerships', { perPage: -1 }),
    trashed: pageOf([], '/api/dealerships', { perPage: -1 }),
  } as never);
  vi.spyOn(api.users, 'validate').mockResolvedValue({ valid: true });
  vi.spyOn(api.users, 'update').mockResolvedValue({ id: 7, message: 'You have updated a user.' });
});

afterEach(() => {
  vi.restoreAllMocks();
  toast.clear();
});

describe('a user whose scope names a brand or dealership that is gone', () => {
  it('shows it, chosen, and saving the form unchanged keeps it: the scope does not widen', async () => {
    const user = userEvent.setup();
    render(
      <Router hook={memoryLocation({ path: '/users/edit/7' }).hook}>
        <Route path="/users/edit/:id" component={UserEditScreen} />
      </Router>,
      { wrapper: signedInAs('Group administrator') },
    );
    const brand = await screen.findByRole('checkbox', { name: 'Brand 9, in the bin or deleted' });
    expect((brand as HTMLInputElement).checked).toBe(true);
    const dealership = screen.getByRole('checkbox', { name: 'Dealership 40, in the bin or deleted' });
    expect((dealership as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Kia' }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(api.users.update).toHaveBeenCalled());
    const [{ body }] = vi.mocked(api.users.update).mock.calls[0]!;
    expect(body.scope).toEqual({ brand_ids: [9], dealership_ids: [40] });
  });
});
