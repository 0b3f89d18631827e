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

function Three() {
  const [view, setView] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs
      label="Views"
      items={[
        { id: 'a', label: 'First' },
        { id: 'b', label: 'Second', isDisabled: true },
        { id: 'c', label: 'Third' },
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

  it('moves along the tabs with the arrow keys, Home and End, selecting each and skipping a disabled one', async () => {
    const user = userEvent.setup();
    render(<Three />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    // One tab stop: the selected tab.
    await user.tab();
    expect(document.activeElement).toBe(tab('First'));
    expect(tab('Third').tabIndex).toBe(-1);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Third'));
    expect(tab('Third').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Showing c');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Third').id);
    expect(tab('Third').getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('First'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Third'));
    await user.keyboard('{Home}');
    expect(tab('First').getAttribute('aria-selected')).toBe('true');
    await user.click(tab('Second'));
    expect(tab('First').getAttribute('aria-selected')).toBe('true');
  });
});
