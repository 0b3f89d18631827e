import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import './jsdomGaps';

afterEach(cleanup);

describe('Button', () => {
  it('keeps focus, on the same element, when it becomes refused with a reason and when it is allowed again', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const view = (reason: string | null) => (
      <Button onPress={onPress} disabledReason={reason}>
        Mark all as read
      </Button>
    );
    const { rerender } = render(view(null));
    await user.tab();
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    expect(document.activeElement).toBe(button);

    act(() => rerender(view('Every notice is read.')));
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBe(button);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(onPress).not.toHaveBeenCalled();

    act(() => rerender(view(null)));
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('shows no tooltip while allowed, and its reason as a tooltip on focus once refused', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Button disabledReason={null}>Export</Button>);
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab({ shift: true });
    rerender(<Button disabledReason="Your role, Sales, cannot export enquiries.">Export</Button>);
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Your role, Sales, cannot export enquiries.',
    );
  });
});
