import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton';
import { StatusIcon } from './StatusIcon';
import './jsdomGaps';

afterEach(cleanup);

describe('IconButton', () => {
  it('is named by its label and shows it as a tooltip on keyboard focus', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<IconButton icon="edit" label="Edit Jane Doe" onPress={onPress} />);
    await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Edit Jane Doe');
    await user.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('explains why it is disabled and ignores presses', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <IconButton
        icon="trash"
        label="Delete"
        isDisabled
        disabledReason="You cannot delete as you have child pages."
        onPress={onPress}
      />,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'You cannot delete as you have child pages.',
    );
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });
});

describe('StatusIcon', () => {
  it('is named and keeps its meaning in its name, without being a Tab stop', async () => {
    const user = userEvent.setup();
    render(
      <>
        <StatusIcon icon="tick" label="Live" />
        <button type="button">Edit</button>
      </>,
    );
    const icon = screen.getByRole('img', { name: 'Live' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }));
    expect(icon.tabIndex).toBe(-1);
  });

  it('is a Tab stop where its tooltip is asked for, showing it on focus', async () => {
    const user = userEvent.setup();
    render(<StatusIcon icon="home" label="This is the homepage of the website." tabStop />);
    expect(screen.getByRole('img', { name: 'This is the homepage of the website.' })).toBeTruthy();
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('This is the homepage of the website.');
  });
});
