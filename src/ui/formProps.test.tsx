import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Checkbox } from './Checkbox';
import { FileField } from './FileField';
import { checkboxProps, fileFieldProps, selectProps, textFieldProps } from './formProps';
import { Select } from './Select';
import { TextField } from './TextField';
import './jsdomGaps';

afterEach(cleanup);

const schema = z.object({
  name: z.string({ error: 'Enter a name.' }).min(1, 'Enter a name.'),
  role: z.coerce.number({ error: 'Pick a role.' }),
  live: z.boolean().optional(),
  avatar: z.string().optional(),
  social: z.object({ facebook: z.string().optional() }),
});

type Example = z.input<typeof schema>;

const roles = [
  { id: 1, name: 'Admin' },
  { id: 2, name: 'Editor' },
];

function ExampleForm({
  defaultValue,
  lastResult,
}: {
  defaultValue?: DefaultValue<Example>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Example>({
    id: 'example',
    defaultValue,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const social = fields.social.getFieldset();
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate>
      <TextField label="Name" {...textFieldProps(fields.name)} />
      <Select label="Role" items={roles} {...selectProps(fields.role)} />
      <Checkbox {...checkboxProps(fields.live)}>Live</Checkbox>
      <FileField
        label="Avatar"
        onUpload={() => Promise.reject(new Error('not used'))}
        {...fileFieldProps(fields.avatar)}
      />
      <TextField label="Facebook" {...textFieldProps(social.facebook)} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('form props from conform', () => {
  it('shows the first error under each field and marks the required ones', async () => {
    const user = userEvent.setup();
    render(<ExampleForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-required')).toBe('true');
    const describedBy = name.getAttribute('aria-describedby') ?? '';
    const described = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Enter a name.');
    expect(screen.getByText('Pick a role.')).toBeTruthy();
    // The marker is seen, not read: screen readers hear 'required' from the input.
    expect(screen.getByText('Name').textContent).toBe('Name*');
    expect(screen.getByRole('textbox', { name: 'Facebook' }).getAttribute('aria-required')).toBeNull();
  });

  it('starts from the form defaults, matching the text value to a numeric item id', () => {
    render(
      <ExampleForm
        defaultValue={{ name: 'Jane Doe', role: '2', live: true, avatar: '/storage/avatar/j.png' }}
      />,
    );
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Jane Doe');
    expect(screen.getByRole('button', { name: /Role/ }).textContent).toContain('Editor');
    expect((screen.getByRole('checkbox', { name: 'Live' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('j.png')).toBeTruthy();

    const posted = new FormData(
      screen.getByRole('button', { name: 'Save' }).closest('form') as HTMLFormElement,
    );
    expect(posted.get('name')).toBe('Jane Doe');
    expect(posted.get('role')).toBe('2');
    expect(posted.get('live')).toBe('on');
    expect(posted.get('avatar')).toBe('/storage/avatar/j.png');
  });

  it("shows the server's errors keyed by dotted path under their field", () => {
    render(
      <ExampleForm
        lastResult={{ status: 'error', error: { 'social.facebook': ['Enter the page address.', 'Second.'] } }}
      />,
    );
    const facebook = screen.getByRole('textbox', { name: 'Facebook' });
    expect(facebook.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the page address.')).toBeTruthy();
    expect(screen.queryByText('Second.')).toBeNull();
  });
});
