import './jsdomGaps';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';

afterEach(cleanup);

describe('MenuButton', () => {
  it('opens its menu and reports the chosen item', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(
      <MenuButton
        aria-label="Jane Doe"
        items={[
          { id: 'profile', label: 'Profile', icon: 'user' },
          { id: 'logout', label: 'Logout', icon: 'logout' },
        ]}
        onAction={onAction}
      >
        JD
      </MenuButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Jane Doe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(onAction).toHaveBeenCalledWith('logout');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
