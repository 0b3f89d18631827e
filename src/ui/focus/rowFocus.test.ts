import { afterEach, describe, expect, it } from 'vitest';
import { focusRowControl, rowActionOf } from './rowFocus';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A table body of rows, each with a name link and the row actions given (a disabled one ends in '!'). */
function rows(...actions: string[][]): HTMLTableRowElement[] {
  const body = document.createElement('tbody');
  document.body.append(body);
  return actions.map((names, index) => {
    const row = document.createElement('tr');
    const link = document.createElement('a');
    link.href = `/rows/${index}`;
    link.textContent = `Row ${index}`;
    row.append(link);
    for (const name of names) {
      const button = document.createElement('button');
      button.dataset.action = name.replace('!', '');
      button.disabled = name.endsWith('!');
      button.setAttribute('aria-label', `${button.dataset.action} ${index}`);
      row.append(button);
    }
    body.append(row);
    return row;
  });
}

const focused = () =>
  document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent;

describe('focusRowControl', () => {
  it('focuses the same action in the row at the place given', () => {
    const list = rows(['move', 'trash'], ['move', 'trash']);
    expect(focusRowControl(list, 1, 'trash')).toBe(true);
    expect(focused()).toBe('trash 1');
  });

  it('takes the last row when fewer rows are left', () => {
    const list = rows(['move', 'trash'], ['move', 'trash']);
    focusRowControl(list, 5, 'move');
    expect(focused()).toBe('move 1');
  });

  it('falls back to the row’s first control when it lacks the action or it is disabled', () => {
    const list = rows(['trash!'], ['edit']);
    focusRowControl(list, 0, 'trash');
    expect(focused()).toBe('Row 0');
    focusRowControl(list, 1, 'trash');
    expect(focused()).toBe('Row 1');
  });

  it('says so when there is no row to focus', () => {
    expect(focusRowControl([], 0, 'trash')).toBe(false);
  });
});

describe('rowActionOf', () => {
  it('names a row action, and nothing for other controls or focus outside the rows', () => {
    const [row] = rows(['trash']);
    expect(rowActionOf(row?.querySelector('button') ?? null)).toBe('trash');
    expect(rowActionOf(row?.querySelector('a') ?? null)).toBeNull();
    const outside = document.createElement('button');
    outside.dataset.action = 'trash';
    document.body.append(outside);
    expect(rowActionOf(outside)).toBeNull();
  });
});
