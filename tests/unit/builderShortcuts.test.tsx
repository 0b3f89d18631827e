import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { historyShortcut, useBuilderShortcuts } from '@/blocks/useBuilderShortcuts';

function Builder({ send }: { send: (event: { type: string }) => void }) {
  useBuilderShortcuts(send);
  return (
    <div>
      <input aria-label="Name" />
      <input aria-label="Slug" readOnly />
      {/* biome-ignore lint/a11y/useSemanticElements: the rich-text editor is a contenteditable, as tiptap renders it */}
      <div aria-label="Text" contentEditable suppressContentEditableWarning role="textbox" tabIndex={0}>
        <p>Welcome</p>
      </div>
      <select aria-label="Published">
        <option>No</option>
      </select>
      <button type="button">Hero banner</button>
    </div>
  );
}

describe('undo and redo shortcuts', () => {
  it('undo and redo the builder outside text fields, and leave typing to the field inside one', async () => {
    const send = vi.fn();
    const user = userEvent.setup();
    render(<Builder send={send} />);
    await user.click(screen.getByRole('button', { name: 'Hero banner' }));
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Meta>}{Shift>}z{/Shift}{/Meta}');
    await user.keyboard('{Control>}y{/Control}');
    expect(send.mock.calls.map(([event]) => event.type)).toEqual([
      'history.undo',
      'history.redo',
      'history.redo',
    ]);

    send.mockClear();
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Control>}z{/Control}');
    await user.click(screen.getByRole('textbox', { name: 'Text' }));
    await user.keyboard('{Meta>}z{/Meta}');
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('textbox', { name: 'Slug' }));
    await user.keyboard('{Control>}z{/Control}');
    await user.click(screen.getByRole('combobox', { name: 'Published' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('reads only Ctrl or Cmd with Z, or Ctrl with Y, as history steps', () => {
    const key = (key: string, mods: Partial<KeyboardEvent> = {}) =>
      historyShortcut({
        key,
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        altKey: false,
        isComposing: false,
        ...mods,
      });
    expect(key('z', { ctrlKey: true })).toEqual({ type: 'history.undo' });
    expect(key('Z', { metaKey: true, shiftKey: true })).toEqual({ type: 'history.redo' });
    expect(key('y', { ctrlKey: true })).toEqual({ type: 'history.redo' });
    expect(key('y', { metaKey: true })).toBeNull();
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('z', { ctrlKey: true, isComposing: true })).toBeNull();
    expect(key('x', { ctrlKey: true })).toBeNull();
  });
});
