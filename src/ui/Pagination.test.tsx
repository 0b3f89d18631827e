import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import './jsdomGaps';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

afterEach(cleanup);

const isDisabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;

/** Two pages a user walks between with Previous and Next. */
function TwoPages() {
  const [page, setPage] = useState(1);
  return (
    <Pagination
      prevUrl={page === 2 ? '/api/users?page=1' : null}
      nextUrl={page === 1 ? '/api/users?page=2' : null}
      currentPage={page}
      lastPage={2}
      total={30}
      onPrevious={() => setPage(1)}
      onNext={() => setPage(2)}
    />
  );
}

describe('Pagination', () => {
  it('enables Previous and Next from the presence of the page URLs', async () => {
    const user = userEvent.setup();
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    const { rerender } = render(
      <Pagination
        prevUrl={null}
        nextUrl="/api/users?page=2"
        currentPage={1}
        lastPage={3}
        total={60}
        onPrevious={onPrevious}
        onNext={onNext}
      />,
    );
    expect(isDisabled('Previous')).toBe(true);
    expect(isDisabled('Next')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);

    rerender(
      <Pagination
        prevUrl="/api/users?page=2"
        nextUrl={null}
        currentPage={3}
        lastPage={3}
        total={60}
        onPrevious={onPrevious}
        onNext={onNext}
      />,
    );
    expect(isDisabled('Previous')).toBe(false);
    expect(isDisabled('Next')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('moves focus to the other button when the one pressed becomes disabled, not to the page', async () => {
    const user = userEvent.setup();
    render(<TwoPages />);
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    expect(isDisabled('Next')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }));
    await user.keyboard('{Enter}');
    expect(isDisabled('Previous')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
  });

  it('shows the page and the total', () => {
    render(
      <Pagination
        prevUrl={null}
        nextUrl={null}
        currentPage={2}
        lastPage={5}
        total={112}
        onPrevious={() => {}}
        onNext={() => {}}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.textContent).toContain('Page 2 of 5');
    expect(nav.textContent).toContain('112 results');
  });

  it('says page 1 of 1 for an empty list', () => {
    render(
      <Pagination
        prevUrl={null}
        nextUrl={null}
        currentPage={1}
        lastPage={0}
        total={0}
        onPrevious={() => {}}
        onNext={() => {}}
      />,
    );
    expect(screen.getByRole('navigation').textContent).toContain('Page 1 of 1');
  });
});
