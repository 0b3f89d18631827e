import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MediaUse } from '@/api/contract/media';
import { MediaUses } from './MediaUses';

const leeds: MediaUse = { area: 'dealerships', id: 7, name: 'Kia Leeds', url: '/dealerships/edit/7' };

describe('where a library item is used', () => {
  it('links the places the user may open and counts the others after them', () => {
    const { unmount } = render(<MediaUses uses={[leeds]} hidden={2} />);
    expect(screen.getByRole('link', { name: 'Kia Leeds' }).getAttribute('href')).toBe('/dealerships/edit/7');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Kia Leeds (dealerships)',
      'and 2 more places outside your reach',
    ]);
    unmount();
  });

  it('says when every place is out of reach, in the singular for one', () => {
    const { unmount } = render(<MediaUses uses={[]} hidden={1} />);
    expect(screen.getByText('Used in 1 place outside your reach.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    unmount();
  });

  it('says when nothing uses it, and adds nothing after a list that is complete', () => {
    const { unmount } = render(<MediaUses uses={[]} hidden={0} />);
    expect(screen.getByText('Not used anywhere.')).toBeTruthy();
    unmount();
    const listed = render(<MediaUses uses={[leeds]} hidden={0} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    listed.unmount();
  });
});
