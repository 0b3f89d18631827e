import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_MS, announce, clearAnnouncements } from './announce';
import { LiveRegion } from './LiveRegion';

afterEach(() => {
  act(() => clearAnnouncements());
  vi.useRealTimers();
});

function lines(): string[] {
  return Array.from(screen.getByRole('status').children).map((line) => line.textContent ?? '');
}

describe('announce', () => {
  it('says a message through one polite live region that is there before the message', () => {
    render(<LiveRegion />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    // Only the new line is read, not every line still standing.
    expect(region.getAttribute('aria-atomic')).toBe('false');
    expect(lines()).toEqual([]);

    act(() => announce('Kia moved to the bin'));
    expect(screen.getByRole('status')).toBe(region);
    expect(lines()).toEqual(['Kia moved to the bin']);
  });

  it('says the same words twice as two new lines, so they are read twice', () => {
    render(<LiveRegion />);
    act(() => announce('Kia restored'));
    act(() => announce('Kia restored'));
    expect(lines()).toEqual(['Kia restored', 'Kia restored']);
  });

  it('says nothing for a blank message', () => {
    render(<LiveRegion />);
    act(() => announce('   '));
    expect(lines()).toEqual([]);
  });

  it('takes each message away after a while, so the region does not grow without end', () => {
    vi.useFakeTimers();
    render(<LiveRegion />);
    act(() => announce('Users'));
    act(() => vi.advanceTimersByTime(ANNOUNCEMENT_MS - 1));
    expect(lines()).toEqual(['Users']);
    act(() => announce('Brands'));
    act(() => vi.advanceTimersByTime(1));
    expect(lines()).toEqual(['Brands']);
  });
});
