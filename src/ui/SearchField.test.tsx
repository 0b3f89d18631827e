import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import './jsdomGaps';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '@/shared/search';
import { SearchField } from './SearchField';

afterEach(cleanup);

function Search() {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField label="Search users" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('SearchField', () => {
  it('is named by its hidden label and clears with its button', async () => {
    const user = userEvent.setup();
    render(<Search />);
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(box, 'jane');
    expect(screen.getByRole('status').textContent).toBe('jane');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('status').textContent).toBe('');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('takes no more than a list search may hold, so a long paste still searches', async () => {
    const user = userEvent.setup();
    render(<Search />);
    await user.click(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.paste('x'.repeat(SEARCH_MAX_LENGTH + 50));
    expect(screen.getByRole('status').textContent).toBe('x'.repeat(SEARCH_MAX_LENGTH));
  });
});
