import '@/ui/jsdomGaps';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button';
import { Checkbox } from '../Checkbox';
import { IconButton } from '../IconButton';
import { Select } from '../Select';
import { Switch } from '../Switch';
import { ReadOnlyFieldset } from './ReadOnlyFieldset';

/** Disabled as react-aria disables: the attribute on the control, not only the fieldset around it. */
const disabled = (element: HTMLElement) =>
  element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true';

describe('a form the user may only read', () => {
  it('disables the widgets drawn straight in it, not only those drawn through Field', async () => {
    const pressed = vi.fn();
    const changed = vi.fn();
    render(
      <ReadOnlyFieldset readOnly>
        <Select
          label="Manufacturer"
          items={[{ id: 1, name: 'Kia' }]}
          selectedKey={1}
          onSelectionChange={changed}
        />
        <Checkbox onChange={changed}>Live</Checkbox>
        <Switch onChange={changed}>Fake</Switch>
        <Button onPress={pressed}>Add department</Button>
        <IconButton icon="trash" label="Remove Department 1" onPress={pressed} />
      </ReadOnlyFieldset>,
    );
    const user = userEvent.setup();
    const controls = [
      screen.getByRole('button', { name: /Manufacturer$/ }),
      screen.getByRole('checkbox', { name: 'Live' }),
      screen.getByRole('switch', { name: 'Fake' }),
      screen.getByRole('button', { name: 'Add department' }),
      screen.getByRole('button', { name: 'Remove Department 1' }),
    ];
    for (const control of controls) {
      expect(disabled(control), control.textContent ?? '').toBe(true);
      await user.click(control);
    }
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(pressed).not.toHaveBeenCalled();
    expect(changed).not.toHaveBeenCalled();
  });
});
