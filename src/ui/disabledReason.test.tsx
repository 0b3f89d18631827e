import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAnnouncements } from './announce';
import { Button } from './Button';
import { IconButton } from './IconButton';
import { LiveRegion } from './LiveRegion';
import './jsdomGaps';

afterEach(() => {
  cleanup();
  act(() => clearAnnouncements());
});

const REASON = 'Your role, Sales, cannot export enquiries.';

const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('a control disabled with its reason', () => {
  it('is reached by keyboard, read with its reason, shows it, and says it when pressed', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <>
        <LiveRegion />
        <Button disabledReason={REASON} onPress={onPress}>
          Export
        </Button>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(description(button)).toContain(REASON);
    await user.tab();
    expect(document.activeElement).toBe(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON);
    await user.keyboard('{Enter}');
    expect(onPress).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(REASON);
  });

  it('is an ordinary button without a reason', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button disabledReason={null} onPress={onPress}>
        Export
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
    await user.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('works the same way for an icon button', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<IconButton icon="export" label="Export" isDisabled disabledReason={REASON} onPress={onPress} />);
    const button = screen.getByRole('button', { name: 'Export' });
    expect(description(button)).toContain(REASON);
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });
});
