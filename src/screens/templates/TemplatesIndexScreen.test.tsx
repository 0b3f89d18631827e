import '@/ui/jsdomGaps';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '@/api/endpoints';
import { pageOf } from '@/api/testPages';
import { signedInAs } from '@/machines/testSession';
import TemplatesIndexScreen from './TemplatesIndexScreen';

type Row = { id: number; name: string; locked: 0 | 1 };

afterEach(() => vi.restoreAllMocks());

function renderList() {
  const location = memoryLocation({ path: '/templates', record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <TemplatesIndexScreen />
    </Router>,
    { wrapper: signedInAs('Group administrator') },
  );
}

describe('the templates list', () => {
  it("says 'There is no templates available.' when there are none", async () => {
    vi.spyOn(api.templates, 'list').mockResolvedValue({ templates: pageOf<Row>([], '/api/templates') });
    renderList();
    expect(await screen.findByText('There is no templates available.')).toBeTruthy();
    expect(screen.queryByText("Oops! We've not started yet...")).toBeNull();
  });

  it('shows each name with a locked or unlocked icon and an edit link', async () => {
    vi.spyOn(api.templates, 'list').mockResolvedValue({
      templates: pageOf(
        [
          { id: 4, name: 'Dealership location', locked: 1 },
          { id: 7, name: 'Offer page', locked: 0 },
        ],
        '/api/templates',
      ),
    });
    renderList();
    const locked = (await screen.findByText('Dealership location')).closest('tr')!;
    expect(within(locked).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(within(locked).queryByRole('img', { name: 'Unlocked' })).toBeNull();
    expect(within(locked).getByRole('link', { name: 'Edit Dealership location' }).getAttribute('href')).toBe(
      '/templates/edit/4',
    );
    const open = screen.getByText('Offer page').closest('tr')!;
    expect(within(open).getByRole('img', { name: 'Unlocked' })).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'Edit Offer page' }).getAttribute('href')).toBe(
      '/templates/edit/7',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Templates' })).toBeTruthy();
  });
});
