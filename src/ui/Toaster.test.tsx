import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import './jsdomGaps';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { TOAST_MS, toast } from './toasts';

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    cleanup();
    toast.clear();
    vi.useRealTimers();
  });

  it('shows an error in the alert region at the top and removes it after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast.error('You are not allowed to do that.');
    });
    const alerts = screen.getByRole('alert');
    expect(within(alerts).getByText('You are not allowed to do that.')).toBeTruthy();
    expect(within(screen.getByRole('status')).queryByText('You are not allowed to do that.')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 1);
    });
    expect(screen.queryByText('You are not allowed to do that.')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('You are not allowed to do that.')).toBeNull();
  });

  it('shows a success in the status region and removes it after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast.success('You have added a new user.');
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('You have added a new user.')).toBeTruthy();
    expect(within(screen.getByRole('alert')).queryByText('You have added a new user.')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(TOAST_MS);
    });
    expect(screen.queryByText('You have added a new user.')).toBeNull();
  });

  it('removes a toast when its dismiss button is pressed', async () => {
    // Dismissing is an event, not a matter of time.
    vi.useRealTimers();
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.success('You have updated a brand.');
    });
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('You have updated a brand.')).toBeNull();
  });

  it('keeps a repeated message once and gives it the full time again', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Server error');
    });
    act(() => {
      vi.advanceTimersByTime(4000);
      toast.error('Server error');
    });
    expect(screen.getAllByText('Server error')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByText('Server error')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Server error')).toBeNull();
  });

  it('offers Undo on a success, and Undo runs once and closes the toast', async () => {
    vi.useRealTimers();
    const undo = vi.fn();
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.success('The page has been deleted.', {
        durationMs: 10_000,
        action: { label: 'Undo', onPress: undo },
      });
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('The page has been deleted.')).toBeTruthy();
    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('The page has been deleted.')).toBeNull();
  });

  it('keeps an Undo toast for its own time, longer than 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast.success('The page has been deleted.', {
        durationMs: 10_000,
        action: { label: 'Undo', onPress: () => {} },
      });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_MS + 1);
    });
    expect(screen.queryByText('The page has been deleted.')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(10_000 - TOAST_MS - 1);
    });
    expect(screen.queryByText('The page has been deleted.')).toBeNull();
  });

  it('keeps a toast while the pointer is over it, and gives it its time left once the pointer leaves', () => {
    render(<Toaster />);
    act(() => {
      toast.success('You have updated a brand.');
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    const message = screen.getByText('You have updated a brand.');
    fireEvent.pointerEnter(message.parentElement!);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByText('You have updated a brand.')).not.toBeNull();
    fireEvent.pointerLeave(message.parentElement!);
    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 3000 - 1);
    });
    expect(screen.queryByText('You have updated a brand.')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('You have updated a brand.')).toBeNull();
  });

  it('keeps a toast while focus is inside it, even after the pointer has come and gone', () => {
    render(<Toaster />);
    act(() => {
      toast.error('The export could not be started.');
    });
    const dismiss = within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' });
    act(() => dismiss.focus());
    const box = screen.getByText('The export could not be started.').parentElement!;
    fireEvent.pointerEnter(box);
    fireEvent.pointerLeave(box);
    act(() => {
      vi.advanceTimersByTime(TOAST_MS * 4);
    });
    expect(screen.queryByText('The export could not be started.')).not.toBeNull();
    act(() => dismiss.blur());
    act(() => {
      vi.advanceTimersByTime(TOAST_MS);
    });
    expect(screen.queryByText('The export could not be started.')).toBeNull();
  });
});
