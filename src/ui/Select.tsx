import type { ReactNode } from 'react';
import {
  Select as AriaSelect,
  Button,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
} from 'react-aria-components';
import { cx } from './cx';
import fieldStyles from './Field.module.css';
import { type ErrorMessage, FieldHelp, firstError } from './FieldHelp';
import { FieldLabel } from './FieldLabel';
import { useReadOnlyFields } from './forms/ReadOnlyFieldset';
import { Icon } from './Icon';
import styles from './Select.module.css';

export type SelectKey = string | number;

export interface SelectItem<K extends SelectKey = SelectKey> {
  id: K;
  name: string;
  isDisabled?: boolean;
}

export interface SelectProps<K extends SelectKey = SelectKey> {
  label: string;
  items: readonly SelectItem<K>[];
  /** Controlled choice. Compared as text, so '3' from a form matches an item with id 3. */
  selectedKey?: SelectKey | null;
  /** Uncontrolled first choice (conform's defaultValue). */
  defaultSelectedKey?: SelectKey | null;
  /** Called with the chosen item's own id (a number stays a number), or null when cleared. */
  onSelectionChange?: (key: K | null) => void;
  /** Posts the choice with the form under this name. */
  name?: string;
  id?: string;
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  isRequired?: boolean;
  isDisabled?: boolean;
  isInvalid?: boolean;
  hideLabel?: boolean;
  className?: string;
  /** Focus the picker when it mounts. */
  autoFocus?: boolean;
}

const asKey = (key: SelectKey | null | undefined): Key | null | undefined =>
  key === null || key === undefined ? key : String(key);

/** A labelled dropdown of {id, name} items that posts its value with the form. */
export function Select<K extends SelectKey = SelectKey>({
  label,
  items,
  selectedKey,
  defaultSelectedKey,
  onSelectionChange,
  name,
  id,
  placeholder = 'Select…',
  description,
  errorMessage,
  isRequired,
  isDisabled,
  isInvalid,
  hideLabel,
  className,
  autoFocus,
}: SelectProps<K>) {
  const error = firstError(errorMessage);
  // Among fields for reading only (forms/ReadOnlyFieldset), wherever the select is drawn from: the
  // fieldset's disabling does not stop react-aria's press on its button.
  const readOnly = useReadOnlyFields();
  // react-aria keys are compared strictly, so every key is text and the item's own id is kept beside it.
  const options = items.map((item) => ({
    id: String(item.id),
    value: item.id,
    name: item.name,
    isDisabled: item.isDisabled,
  }));
  const handleChange = (key: Key | null) => {
    if (!onSelectionChange) return;
    const chosen = key === null ? undefined : options.find((o) => o.id === String(key));
    onSelectionChange(chosen ? chosen.value : null);
  };
  return (
    <AriaSelect
      id={id}
      name={name}
      value={asKey(selectedKey)}
      defaultValue={asKey(defaultSelectedKey)}
      onChange={handleChange}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled || readOnly}
      autoFocus={autoFocus}
      isInvalid={isInvalid || error !== undefined}
      validationBehavior="aria"
      disabledKeys={options.filter((o) => o.isDisabled).map((o) => o.id)}
      className={cx(fieldStyles.field, styles.select, className)}
    >
      <FieldLabel isRequired={isRequired} isHidden={hideLabel}>
        {label}
      </FieldLabel>
      <Button className={cx(fieldStyles.control, styles.trigger)}>
        <SelectValue className={styles.value} />
        <Icon name="chevron-down" size="md" className={styles.chevron} />
      </Button>
      <FieldHelp description={description} error={error} />
      <Popover className={styles.popover} offset={4}>
        <ListBox items={options} className={styles.listBox}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.name} className={styles.option}>
              {option.name}
              <Icon name="tick" size="sm" className={styles.check} />
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
