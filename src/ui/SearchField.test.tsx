import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import './jsdomGaps';
import { afterEach, describe, expect, it } from 'vitest';
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
});
