import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublishedState } from './TreeCells';

const NOW = new Date(2026, 10, 27, 9, 0).getTime();
const local = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();

describe('PublishedState', () => {
  it('says Published for a page live now, and Unpublished for a draft', () => {
    const { unmount } = render(<PublishedState published={1} published_at={local(20, 9)} now={NOW} />);
    expect(screen.getByText('Published')).toBeTruthy();
    unmount();
    render(<PublishedState published={0} published_at={local(30, 9)} now={NOW} />);
    expect(screen.getByText('Unpublished')).toBeTruthy();
  });

  it('says Scheduled with its date and time for a published page whose time is still to come', () => {
    render(<PublishedState published={1} published_at={local(28, 14, 5)} now={NOW} />);
    expect(screen.getByText('Scheduled for 28 Nov 26, 14:05')).toBeTruthy();
    expect(screen.queryByText('Published')).toBeNull();
  });

  it('adds when a published page comes down', () => {
    render(
      <PublishedState published={1} published_at={local(20, 9)} unpublish_at={local(30, 18)} now={NOW} />,
    );
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.getByText('Unpublishes 30 Nov 26')).toBeTruthy();
  });
});
