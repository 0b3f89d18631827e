import '@/ui/jsdomGaps';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { ActivityEntry } from '@/api/contract/activity';
import { api } from '@/api/endpoints';
import { pageOf } from '@/api/testPages';
import { signedInAs } from '@/machines/testSession';
import { clearAnnouncements } from '@/ui/announce';
import { LiveRegion } from '@/ui/LiveRegion';
import ActivityScreen from './ActivityScreen';

const activityPage = <T,>(rows: T[], options?: Parameters<typeof pageOf>[2]) =>
  pageOf(rows, '/api/activity', options);

let nextId = 1;
function entry(change: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: nextId++,
    created_at: new Date(2026, 10, 27, 9, 5).toISOString(),
    user: { id: 2, name: 'Jane Doe' },
    area: 'pages',
    action: 'updated',
    record: { id: 10, name: 'Home', deleted: false },
    revision_id: null,
    detail: null,
    ...change,
  };
}

let list: MockInstance<typeof api.activity.list>;

beforeEach(() => {
  vi.spyOn(api.activity, 'users').mockResolvedValue({
    data: [
      { id: 3, name: 'Sam Lee' },
      { id: 2, name: 'Jane Doe' },
      { id: 4, name: 'Old Hand' },
    ],
  });
  list = vi.spyOn(api.activity, 'list').mockResolvedValue(activityPage([entry({})]));
});

afterEach(() => {
  vi.restoreAllMocks();
  act(() => clearAnnouncements());
});

function renderAt(path: string, role = 'Group administrator') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ActivityScreen />
      <LiveRegion />
    </Router>,
    { wrapper: signedInAs(role) },
  );
  return location;
}

/** What a field's description says (its error, under it). */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

const announced = () => screen.getByRole('status').textContent ?? '';

/** A select's button is named by its value, then its label ('Anyone User'). */
const selectButton = (label: string) => screen.findByRole('button', { name: new RegExp(`(^|\\s)${label}$`) });

async function choose(events: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await events.click(await selectButton(label));
  await events.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
}

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Activity' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the activity log', () => {
  it('shows when, who, the area and action in words, and what was changed', async () => {
    list.mockResolvedValue(
      activityPage([
        entry({
          user: null,
          area: 'pages',
          action: 'published',
          record: { id: 10, name: 'Home', deleted: false },
        }),
        entry({
          area: 'auth',
          action: 'sign_in_failed',
          user: null,
          record: null,
          detail: 'nobody@example.com',
          created_at: new Date(2026, 2, 5, 17, 30).toISOString(),
        }),
        entry({ area: 'forms', action: 'deleted', record: { id: 4, name: 'Test drive', deleted: false } }),
        entry({ area: 'pages', action: 'deleted', record: { id: 5, name: 'Offers', deleted: false } }),
        entry({ area: 'brands', action: 'deleted', record: { id: 6, name: 'Kia', deleted: false } }),
        entry({ area: 'pages', action: 'sorted', record: null, detail: '12 pages' }),
        entry({
          area: 'dealerships',
          action: 'imported',
          record: { id: 8, name: 'Kia Leeds', deleted: false },
          detail: '3 rows',
        }),
      ]),
    );
    renderAt('/activity');
    await screen.findByRole('link', { name: 'Home' });
    expect(rowTexts()).toEqual([
      ['27 Nov 26, 09:05', 'System', 'Pages', 'Published', 'Home'],
      ['5 Mar 26, 17:30', 'System', 'Sign-in', 'Failed sign-in', 'nobody@example.com'],
      ['27 Nov 26, 09:05', 'Jane Doe', 'Forms', 'Deleted', 'Test drive'],
      ['27 Nov 26, 09:05', 'Jane Doe', 'Pages', 'Deleted', 'Offers'],
      ['27 Nov 26, 09:05', 'Jane Doe', 'Brands', 'Moved to the bin', 'Kia'],
      ['27 Nov 26, 09:05', 'Jane Doe', 'Pages', 'Sorted', '12 pages'],
      ['27 Nov 26, 09:05', 'Jane Doe', 'Dealerships', 'Imported', 'Kia Leeds 3 rows'],
    ]);
    expect(list).toHaveBeenCalledWith({ query: { page: 1 } });
  });

  it('links each record to the screen that edits it, and the settings to the settings', async () => {
    list.mockResolvedValue(
      activityPage([
        entry({ area: 'pages', record: { id: 1, name: 'Offers', deleted: false } }),
        entry({ area: 'forms', record: { id: 2, name: 'Book a service', deleted: false } }),
        entry({ area: 'brands', record: { id: 3, name: 'Kia', deleted: false } }),
        entry({ area: 'dealerships', record: { id: 4, name: 'Kia Leeds', deleted: false } }),
        entry({ area: 'templates', record: { id: 5, name: 'Offer page', deleted: false } }),
        entry({ area: 'users', action: 'created', record: { id: 6, name: 'Sam Lee', deleted: false } }),
        entry({ area: 'settings', record: null, detail: 'Group name' }),
        entry({ area: 'responses', action: 'export_requested', record: null, detail: 'Test drive' }),
      ]),
    );
    renderAt('/activity');
    const href = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await href('Offers')).toBe('/pages/edit/1');
    expect(await href('Book a service')).toBe('/forms/edit/2');
    expect(await href('Kia')).toBe('/brands/edit/3');
    expect(await href('Kia Leeds')).toBe('/dealerships/edit/4');
    expect(await href('Offer page')).toBe('/templates/edit/5');
    expect(await href('Sam Lee')).toBe('/users/edit/6');
    expect(await href('Settings')).toBe('/settings');
    expect(screen.getAllByRole('link')).toHaveLength(7);
  });

  it('links the version a change stored, which opens its editor comparing that version', async () => {
    list.mockResolvedValue(
      activityPage([
        entry({ area: 'pages', record: { id: 1, name: 'Offers', deleted: false }, revision_id: 41 }),
        entry({ area: 'settings', record: null, revision_id: 42 }),
        // A user keeps no revisions; a sign-in stores none.
        entry({ area: 'users', record: { id: 6, name: 'Sam Lee', deleted: false }, revision_id: 43 }),
        entry({ area: 'auth', action: 'signed_in', record: null }),
      ]),
    );
    renderAt('/activity');
    const version = async (name: string) =>
      (await screen.findByRole('link', { name: `The version this made of ${name}` })).getAttribute('href');
    expect(await version('Offers')).toBe('/pages/edit/1?revision=41');
    expect(await version('Settings')).toBe('/settings?revision=42');
    expect(screen.queryByRole('link', { name: 'The version this made of Sam Lee' })).toBeNull();
  });

  it('names a record that is gone without a link, and says it was deleted', async () => {
    list.mockResolvedValue(
      activityPage([
        entry({ area: 'pages', action: 'deleted', record: { id: 7, name: 'Old offer', deleted: true } }),
        entry({
          area: 'pages',
          action: 'updated',
          record: { id: 7, name: 'Old offer', deleted: true },
          revision_id: 40,
        }),
        // Another area's record with the same id is still there.
        entry({ area: 'forms', action: 'updated', record: { id: 7, name: 'Callback', deleted: false } }),
      ]),
    );
    renderAt('/activity');
    expect((await screen.findByRole('link', { name: 'Callback' })).getAttribute('href')).toBe(
      '/forms/edit/7',
    );
    expect(rowTexts().map((cells) => cells.at(-1))).toEqual([
      'Old offer (deleted)',
      'Old offer (deleted)',
      'Callback',
    ]);
    expect(screen.queryByRole('link', { name: 'Old offer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'The version this made of Old offer' })).toBeNull();
  });

  it('says there is no activity yet when nothing is filtered, with nothing to clear', async () => {
    list.mockResolvedValue(activityPage([]));
    renderAt('/activity');
    expect(await screen.findByRole('heading', { name: 'No activity yet.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('asks for the filters the address holds and shows them chosen', async () => {
    const location = renderAt(
      '/activity?user=3&area=brands&action=restored&from=2026-11-01&to=2026-11-27&page=2',
    );
    await waitFor(() =>
      expect(list).toHaveBeenCalledWith({
        query: { user: 3, area: 'brands', action: 'restored', from: '2026-11-01', to: '2026-11-27', page: 2 },
      }),
    );
    expect(await screen.findByRole('button', { name: /^Sam Lee\s+User$/ })).toBeTruthy();
    expect(await selectButton('Area')).toHaveProperty('textContent', 'Brands');
    expect((await selectButton('Action')).textContent).toBe('Restored');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-11-01');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-11-27');
    expect(list).toHaveBeenCalledTimes(1);
    expect(location.history.at(-1)).toBe(
      '/activity?user=3&area=brands&action=restored&from=2026-11-01&to=2026-11-27&page=2',
    );
  });

  it.each([
    ['everyone whose entries are in the log, sorted by name, and Anyone first', undefined],
    [
      'a Brand manager, who may not open the users list, the people whose entries they may read',
      'Brand manager',
    ],
  ])('offers %s', async (_, role) => {
    const events = userEvent.setup();
    renderAt('/activity', role);
    await events.click(await selectButton('User'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Anyone',
      'Jane Doe',
      'Old Hand',
      'Sam Lee',
    ]);
  });

  it('goes back to page 1 with each filter, keeps them in the address, and announces the count', async () => {
    const events = userEvent.setup();
    const location = renderAt('/activity?page=3');
    await waitFor(() => expect(list).toHaveBeenCalledWith({ query: { page: 3 } }));
    list.mockResolvedValue(activityPage([entry({})], { total: 31 }));

    await choose(events, 'User', 'Jane Doe');
    await waitFor(() => expect(location.history.at(-1)).toBe('/activity?user=2'));
    expect(list).toHaveBeenLastCalledWith({ query: { user: 2, page: 1 } });
    await waitFor(() => expect(announced()).toContain('31 entries'));

    await choose(events, 'Area', 'Pages');
    await waitFor(() => expect(location.history.at(-1)).toBe('/activity?user=2&area=pages'));
    await choose(events, 'Action', 'Deleted forever');
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/activity?user=2&area=pages&action=deleted_forever'),
    );
    act(() => screen.getByLabelText('From').focus());
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        '/activity?user=2&area=pages&action=deleted_forever&from=2026-11-02',
      ),
    );
    expect(list).toHaveBeenLastCalledWith({
      query: { user: 2, area: 'pages', action: 'deleted_forever', from: '2026-11-02', page: 1 },
    });
    // Focus stays on the filter that changed.
    expect(document.activeElement).toBe(screen.getByLabelText('From'));

    // The back button brings the earlier list back, on the page it was on.
    act(() => location.navigate('/activity?page=3'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ query: { page: 3 } }));
    expect((await selectButton('User')).textContent).toBe('Anyone');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('');
  });

  it('says when no activity matches, and Clear filters empties them and leaves focus on the first', async () => {
    const events = userEvent.setup();
    list.mockResolvedValue(activityPage([]));
    const location = renderAt('/activity?area=templates&action=imported');
    expect(await screen.findByRole('heading', { name: 'No activity matches these filters.' })).toBeTruthy();
    // The empty state's own Clear filters, which goes with it.
    const buttons = screen.getAllByRole('button', { name: 'Clear filters' });
    expect(buttons).toHaveLength(2);
    await events.click(buttons[1]!);
    await waitFor(() => expect(location.history.at(-1)).toBe('/activity'));
    expect(list).toHaveBeenLastCalledWith({ query: { page: 1 } });
    expect(await screen.findByRole('heading', { name: 'No activity yet.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(document.activeElement).toBe(await selectButton('User'));
    await waitFor(() => expect(announced()).toContain('No activity yet.'));
  });

  it('announces that no activity matches when a filter finds none', async () => {
    const events = userEvent.setup();
    renderAt('/activity');
    await screen.findByRole('link', { name: 'Home' });
    list.mockResolvedValue(activityPage([]));
    await choose(events, 'Action', 'Import requested');
    await waitFor(() => expect(announced()).toContain('No activity matches these filters.'));
  });

  it('pages through the entries and keeps the filters while it does', async () => {
    const events = userEvent.setup();
    list.mockImplementation(async ({ query }) => {
      const page = Number(query.page);
      return activityPage([entry({ record: { id: page, name: `Page ${page} record`, deleted: false } })], {
        page,
        total: 60,
      });
    });
    const location = renderAt('/activity?area=pages');
    await screen.findByRole('link', { name: 'Page 1 record' });
    await events.click(screen.getByRole('button', { name: /next/i }));
    await screen.findByRole('link', { name: 'Page 2 record' });
    expect(list).toHaveBeenLastCalledWith({ query: { area: 'pages', page: 2 } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/activity?area=pages&page=2'));
  });

  it('shows the reason under the To field when the server refuses the range', async () => {
    list.mockRejectedValue(
      new ApiError(422, 'Choose an end date on or after the start date.', {
        to: ['Choose an end date on or after the start date.'],
      }),
    );
    renderAt('/activity?from=2026-11-20&to=2026-11-01');
    const to = screen.getByLabelText('To');
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(description(to)).toBe('Choose an end date on or after the start date.');
    expect(description(screen.getByLabelText('From'))).toBe('');
    expect(screen.getByRole('heading', { name: 'No activity to show for these filters.' })).toBeTruthy();
    expect(screen.queryByText('The activity could not be loaded.')).toBeNull();
  });

  it('offers to try again when the log cannot be loaded', async () => {
    list.mockRejectedValueOnce(new ApiError(500, 'Server Error'));
    renderAt('/activity');
    expect(await screen.findByRole('heading', { name: 'The activity could not be loaded.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Home' })).toBeTruthy();
  });
});
