import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import './jsdomGaps';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

afterEach(cleanup);

function Lists() {
  const [view, setView] = useState<'all' | 'trashed'>('all');
  return (
    <Tabs
      label="Users"
      items={[
        { id: 'all', label: 'All (12)' },
        { id: 'trashed', label: 'Bin (3)' },
      ]}
      selectedKey={view}
      onSelectionChange={setView}
    >
      <p>Showing {view}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('switches between All and Bin and shows the content in the selected panel', async () => {
    const user = userEvent.setup();
    render(<Lists />);
    expect(screen.getByRole('tab', { name: 'All (12)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Showing all');

    await user.click(screen.getByRole('tab', { name: 'Bin (3)' }));
    expect(screen.getByRole('tab', { name: 'Bin (3)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Showing trashed');
  });
});
