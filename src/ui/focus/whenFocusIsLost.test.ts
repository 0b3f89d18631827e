import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenFocusIsLost } from './whenFocusIsLost';

afterEach(() => {
  document.body.innerHTML = '';
});

function button(parent: HTMLElement, name: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = name;
  parent.append(element);
  return element;
}

function dialog(): HTMLDivElement {
  const element = document.createElement('div');
  element.setAttribute('role', 'alertdialog');
  document.body.append(element);
  return element;
}

/** Resolves after the mutation observers queued by the last change have run. */
const observersRan = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('whenFocusIsLost', () => {
  it('rescues at once when focus has already fallen to the body', () => {
    const rescue = vi.fn();
    whenFocusIsLost(rescue);
    expect(rescue).toHaveBeenCalledTimes(1);
  });

  it('leaves focus alone when it is somewhere meaningful', async () => {
    const rescue = vi.fn();
    button(document.body, 'Elsewhere').focus();
    whenFocusIsLost(rescue);
    document.body.append(document.createElement('p'));
    await observersRan();
    expect(rescue).not.toHaveBeenCalled();
  });

  it('waits for the confirm that holds focus to close, then rescues', async () => {
    const rescue = vi.fn();
    const confirm = dialog();
    button(confirm, 'Yes please').focus();
    whenFocusIsLost(rescue);
    document.body.append(document.createElement('p'));
    await observersRan();
    expect(rescue).not.toHaveBeenCalled();
    confirm.remove();
    await observersRan();
    expect(rescue).toHaveBeenCalledTimes(1);
  });

  it('does not rescue when the closing confirm returned focus somewhere', async () => {
    const rescue = vi.fn();
    const trigger = button(document.body, 'Delete');
    const confirm = dialog();
    button(confirm, 'Yes please').focus();
    whenFocusIsLost(rescue);
    trigger.focus();
    confirm.remove();
    await observersRan();
    expect(rescue).not.toHaveBeenCalled();
  });

  it('stops waiting when told to', async () => {
    const rescue = vi.fn();
    const confirm = dialog();
    button(confirm, 'Yes please').focus();
    whenFocusIsLost(rescue)();
    confirm.remove();
    await observersRan();
    expect(rescue).not.toHaveBeenCalled();
  });
});
