import { describe, expect, it } from 'vitest';
import { unsavedFields } from './unsavedFields';

/**
 * A form as the console draws one: a text field, a switch posting words, a list with its blank
 * entry, a disabled field. Made apart from the document, so no other test meets it there.
 */
function form(html: string): HTMLFormElement {
  const made = document.createElement('form');
  made.innerHTML = html;
  return made;
}

const opened = { name: 'Kia', live: false, brand_ids: ['2'], email: 'a@example.com', updated_at: 'v1' };
const fields = `
  <input name="name" value="Kia">
  <input type="hidden" name="live" value="false" data-unchecked="false">
  <input type="hidden" name="brand_ids" value="">
  <input type="checkbox" name="brand_ids" value="1">
  <input type="checkbox" name="brand_ids" value="2" checked>
  <input name="email" value="a@example.com" disabled>
  <input type="radio" name="scope-mode" value="on" data-arranges checked>`;

describe('unsavedFields', () => {
  it('finds nothing to lose in a form as it was opened', () => {
    expect(unsavedFields(form(fields), opened)).toBe(false);
  });

  it('finds a typed change, a switch turned on and a list choice', () => {
    const typed = form(fields);
    (typed.elements.namedItem('name') as HTMLInputElement).value = 'Kia Motors';
    expect(unsavedFields(typed, opened)).toBe(true);

    const switched = form(fields.replace('value="false" data-unchecked', 'value="true" data-unchecked'));
    expect(unsavedFields(switched, opened)).toBe(true);

    const chosen = form(fields.replace('value="1">', 'value="1" checked>'));
    expect(unsavedFields(chosen, opened)).toBe(true);
    const none = form(fields.replace('value="2" checked>', 'value="2">'));
    expect(unsavedFields(none, opened)).toBe(true);
  });

  it('leaves out what the user cannot change or only arranges: a disabled field, a kept version, a layout choice', () => {
    const other = form(fields.replace('value="a@example.com" disabled', 'value="b@example.com" disabled'));
    expect(unsavedFields(other, opened)).toBe(false);
    const arranged = form(
      fields.replace(
        'name="scope-mode" value="on" data-arranges checked',
        'name="scope-mode" value="on" data-arranges',
      ),
    );
    expect(unsavedFields(arranged, opened)).toBe(false);
  });

  it('counts a field the form opened without once it holds something: a name typed in a new record', () => {
    const fresh = form(`
      <input name="name" value="">
      <input name="email" value="">
      <input type="hidden" name="live" value="false" data-unchecked="false">
      <input type="hidden" name="brand_ids" value="">
      <input type="radio" name="scope-mode" value="on" data-arranges checked>`);
    expect(unsavedFields(fresh, { live: false })).toBe(false);
    (fresh.elements.namedItem('name') as HTMLInputElement).value = 'Zeta Motors';
    expect(unsavedFields(fresh, { live: false })).toBe(true);
    expect(unsavedFields(fresh, {})).toBe(true);
    (fresh.elements.namedItem('name') as HTMLInputElement).value = '';
    (fresh.elements.namedItem('email') as HTMLInputElement).value = 'zeta@example.com';
    expect(unsavedFields(fresh, {})).toBe(true);
  });
});
