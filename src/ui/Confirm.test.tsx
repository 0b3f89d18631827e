import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Confirm } from './Confirm';
import './jsdomGaps';

afterEach(cleanup);

describe('Confirm', () => {
  it("asks 'Hold up!' with the message and 'Are you sure you wish to continue?'", () => {
    render(
      <Confirm isOpen message="You are about to delete user(s)" onConfirm={() => {}} onCancel={() => {}} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Hold up!' });
    expect(dialog.textContent).toContain('You are about to delete user(s)');
    expect(dialog.textContent).toContain('Are you sure you wish to continue?');
    expect(screen.getByRole('button', { name: 'Yes please' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No thanks' })).toBeTruthy();
  });

  it("confirms with 'Yes please' and cancels with 'No thanks'", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <Confirm isOpen message="You are about to delete brand(s)" onConfirm={onConfirm} onCancel={onCancel} />,
    );

    await user.click(screen.getByRole('button', { name: 'Yes please' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <Confirm
        isOpen
        message="You are about to delete dealership(s)"
        onConfirm={() => {}}
        onCancel={onCancel}
      />,
    );
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('asks a plain question with the same buttons', () => {
    render(
      <Confirm
        isOpen
        message="Do you really want to delete?"
        question={null}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Do you really want to delete?');
    expect(dialog.textContent).not.toContain('Are you sure you wish to continue?');
    expect(screen.getByRole('button', { name: 'Yes please' })).toBeTruthy();
  });

  it('ignores Escape and the buttons while the action runs', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <Confirm
        isOpen
        isPending
        message="You are about to delete user(s)"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /Yes please/ }));
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
  });

  it('is described by its message, the records it is about and the question', () => {
    render(
      <Confirm
        isOpen
        message="You are about to delete brand(s)"
        items={['Kia', 'Hyundai']}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Hold up!' });
    const description = (dialog.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' | ');
    expect(description).toBe(
      'You are about to delete brand(s) | Kia, Hyundai | Are you sure you wish to continue?',
    );
  });

  it('names five records and counts the rest', () => {
    render(
      <Confirm
        isOpen
        message="You are about to delete user(s)"
        items={['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus']}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText('Ann, Bob, Cat, Dan, Eve and 2 more')).toBeTruthy();
  });

  it('is described by its message alone when it asks a plain question', () => {
    render(
      <Confirm
        isOpen
        message="Do you really want to delete?"
        question={null}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const ids = (screen.getByRole('alertdialog').getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Do you really want to delete?',
    ]);
  });

  it('shows nothing when closed', () => {
    render(
      <Confirm
        isOpen={false}
        message="You are about to delete user(s)"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
