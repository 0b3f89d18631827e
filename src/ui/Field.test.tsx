import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './Field';
import { stateFieldMeta } from './formProps';
import './jsdomGaps';

afterEach(cleanup);

const posted = (form: HTMLFormElement, name: string) => new FormData(form).getAll(name);

/** A field whose value lives in component state, with an error while it is empty. */
function Named() {
  const [name, setName] = useState('Home copy');
  return (
    <Field
      field={stateFieldMeta('name', name ? undefined : 'Enter a name.', { required: true })}
      label="Name"
      value={name}
      onChange={setName}
    />
  );
}

describe('Field', () => {
  it('posts a switch with an off value either way, and only once', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <form>
        <Field
          kind="switch"
          field={{ name: 'live', id: 'live', defaultValue: 'true' }}
          value="true"
          uncheckedValue="false"
          description="Live dealerships show on the website."
        >
          Live
        </Field>
      </form>,
    );
    const form = container.querySelector('form') as HTMLFormElement;
    const live = screen.getByRole('switch', { name: 'Live' }) as HTMLInputElement;
    expect(live.checked).toBe(true);
    expect(posted(form, 'live')).toEqual(['true']);
    await user.click(live);
    expect(live.checked).toBe(false);
    expect(posted(form, 'live')).toEqual(['false']);
    expect(screen.getByText('Live dealerships show on the website.')).toBeTruthy();
  });

  it('marks a field the form asks for although its schema lets it be blank', () => {
    render(
      <Field field={{ name: 'current_password' }} isRequired label="Current password" type="password" />,
    );
    const input = screen.getByLabelText(/Current password/);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Current password').textContent).toBe('Current password*');
  });

  it('wires a value kept in state: its error, its required marker and its own value', async () => {
    const user = userEvent.setup();
    render(<Named />);
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(input.value).toBe('Home copy');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.clear(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const described = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Enter a name.');
  });

  it('posts rich text as markdown under the field name from its default', () => {
    const { container } = render(
      <form>
        <Field
          kind="richtext"
          field={{ name: 'copy', id: 'copy', defaultValue: '**Open** daily', errors: ['Too long.'] }}
          label="Copy"
        />
      </form>,
    );
    const form = container.querySelector('form') as HTMLFormElement;
    expect(posted(form, 'copy')).toEqual(['**Open** daily']);
    expect(screen.getByText('Too long.')).toBeTruthy();
    expect(screen.getByText('Copy').textContent).toBe('Copy');
  });
});
