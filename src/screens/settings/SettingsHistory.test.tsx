import '@/ui/jsdomGaps';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { RevisionSummary } from '@/api/contract/history';
import type { LoadedSiteSettings } from '@/api/contract/settings';
import { api } from '@/api/endpoints';
import { pageOf } from '@/api/testPages';
import { signedInAs } from '@/machines/testSession';
import { toast } from '@/ui/toasts';
import SettingsScreen from './SettingsScreen';

const now: LoadedSiteSettings = {
  site_name: 'Northern Motors',
  social: { facebook: 'https://facebook.com/northern', twitter: null, instagram: null },
  evolution: { id: 'user', password: 'quotee' },
  hpi: { customer_code: 'C1', password: 'new-secret-word', initials: 'NM' },
  cap: { valuation_margin: 12 },
  voucher: { code: 'SPRING', value: 25 },
  updated_at: '2026-03-07T10:00:00.000Z',
};

const revision: RevisionSummary = {
  id: 5,
  created_at: '2026-03-01T09:00:00.000Z',
  action: 'updated',
  user: { id: 2, name: 'Ann Smith' },
};

const then: LoadedSiteSettings = {
  ...now,
  site_name: 'Northern Motor Group',
  hpi: { ...now.hpi, password: 'old-secret-word' },
  updated_at: '2026-03-01T09:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(api.settings, 'show').mockResolvedValue({ data: now });
  vi.spyOn(api.settings, 'validate').mockResolvedValue({ valid: true } as never);
  vi.spyOn(api.settings, 'update').mockResolvedValue({
    data: { ...now, updated_at: '2026-03-08T10:00:00.000Z' },
  } as never);
  vi.spyOn(api.settings, 'history').mockResolvedValue(
    pageOf([revision], '/api/settings/history', { perPage: 15 }),
  );
  vi.spyOn(api.settings, 'historyShow').mockResolvedValue({ revision, data: then });
});

afterEach(() => {
  vi.restoreAllMocks();
  toast.clear();
});

const textbox = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe('the settings History', () => {
  it('compares without showing passwords, restores the values unsaved and saves them with the version loaded', async () => {
    const location = memoryLocation({ path: '/settings' });
    render(
      <Router hook={location.hook}>
        <SettingsScreen />
      </Router>,
      { wrapper: signedInAs('Group administrator') },
    );
    const user = userEvent.setup();
    await screen.findByDisplayValue('Northern Motors');
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click(await screen.findByRole('button', { name: /^Compare the version of/ }));
    const dialog = screen.getByRole('dialog', { name: 'History' });
    await within(dialog).findByText('Site name', { selector: 'dt' });
    expect(within(dialog).getByText('Vehicle history check › Password', { selector: 'dt' })).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/secret-word/);
    expect(within(dialog).queryByText('Voucher code', { selector: 'dt' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() => expect(textbox('Site name').value).toBe('Northern Motor Group'));
    await waitFor(() => expect(document.activeElement).toBe(textbox('Site name')));
    expect(api.settings.update).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.settings.update).toHaveBeenCalled());
    expect(api.settings.update).toHaveBeenCalledWith({
      body: expect.objectContaining({
        site_name: 'Northern Motor Group',
        hpi: expect.objectContaining({ password: 'old-secret-word' }),
        updated_at: now.updated_at,
      }),
    });
  });
});
