import { type ComponentType, useState } from 'react';
import { Checkbox, type CheckboxProps } from './Checkbox';
import { DateField, type DateFieldProps } from './DateField';
import { FileField, type FileFieldProps } from './FileField';
import { checkboxProps, type FieldMeta, fileFieldProps, selectProps, textFieldProps } from './formProps';
import { useReadOnlyFields } from './forms/ReadOnlyFieldset';
import { RichTextField, type RichTextFieldProps } from './RichTextField';
import { Select, type SelectProps } from './Select';
import { Switch, type SwitchProps } from './Switch';
import { TextArea, type TextAreaProps, TextField, type TextFieldProps } from './TextField';

/** A form field's metadata (conform's `fields.name`), with the key that changes on a form reset. */
export interface FieldMetaWithKey extends FieldMeta {
  key?: string;
}

/** What Field wires from the metadata; a screen never sets these by hand. */
type Wired = 'name' | 'id' | 'isRequired' | 'isInvalid' | 'errorMessage';

interface Overrides {
  /** An error message of the field's own parts (`banner_img[0]`) may stand in for the field's. */
  errorMessage?: string[] | string;
  /**
   * Required by the form although the schema lets it be blank (the current password, asked for
   * only when the e-mail or password changes). conform's metadata cannot be spread, so this says it.
   */
  isRequired?: boolean;
}

interface Unticked {
  /**
   * What the box or switch posts when off. Given, it always posts (`value` when on), for a schema
   * that wants the choice either way rather than reading a missing field as off.
   */
  uncheckedValue?: string;
}

export type FieldProps = { field: FieldMetaWithKey } & Overrides &
  (
    | ({ kind?: 'text' } & Omit<TextFieldProps, Wired | 'defaultValue'>)
    | ({ kind: 'textarea' } & Omit<TextAreaProps, Wired | 'defaultValue'>)
    | ({ kind: 'richtext' } & Omit<RichTextFieldProps, Wired | 'defaultValue'>)
    | ({ kind: 'date' } & Omit<DateFieldProps, Wired | 'defaultValue'>)
    | ({ kind: 'select' } & Omit<SelectProps, Wired | 'defaultSelectedKey'>)
    | ({ kind: 'checkbox' } & Unticked & Omit<CheckboxProps, Wired | 'defaultSelected'>)
    | ({ kind: 'switch' } & Unticked & Omit<SwitchProps, Wired | 'defaultSelected'>)
    | ({ kind: 'file' } & Omit<FileFieldProps, Wired | 'defaultFiles'>)
  );

/** The overrides that were given; one left out keeps what the metadata says. */
function given({ errorMessage, isRequired }: Overrides): Overrides {
  return {
    ...(errorMessage === undefined ? {} : { errorMessage }),
    ...(isRequired === undefined ? {} : { isRequired }),
  };
}

/**
 * One form field, wired from its metadata: label, control, the required marker (from the schema,
 * see formConstraint), aria-invalid and aria-describedby (the widgets' own react-aria wiring), the
 * first error, and a key that changes when the form resets, so an uncontrolled control reads its
 * default again. A controlled control (`value`, `selectedKey`, `isSelected`, `files`) keeps its own
 * value. The metadata is conform's `fields.name` in a form of useSaveForm, or one made with
 * `stateFieldMeta` for a value kept in a machine or in state (docs/decisions/013-form-fields.md).
 */
export function Field(props: FieldProps) {
  const key = props.field.key;
  // Among fields for reading only (forms/ReadOnlyFieldset): text stays readable and focusable,
  // choices are disabled.
  const readOnly = useReadOnlyFields();
  const unchangeable = readOnly ? { isReadOnly: true } : {};
  const unchoosable = readOnly ? { isDisabled: true } : {};
  switch (props.kind) {
    case 'textarea': {
      const { kind: _kind, field, errorMessage, isRequired, ...rest } = props;
      return (
        <TextArea
          {...textFieldProps(field)}
          {...rest}
          {...given({ errorMessage, isRequired })}
          {...unchangeable}
          key={key}
        />
      );
    }
    case 'richtext': {
      const { kind: _kind, field, errorMessage, isRequired, ...rest } = props;
      return (
        <RichTextField
          {...textFieldProps(field)}
          {...rest}
          {...given({ errorMessage, isRequired })}
          key={key}
        />
      );
    }
    case 'date': {
      const { kind: _kind, field, errorMessage, isRequired, ...rest } = props;
      return (
        <DateField
          {...textFieldProps(field)}
          {...rest}
          {...given({ errorMessage, isRequired })}
          {...unchangeable}
          key={key}
        />
      );
    }
    case 'select': {
      const { kind: _kind, field, errorMessage, isRequired, ...rest } = props;
      return (
        <Select
          {...selectProps(field)}
          {...rest}
          {...given({ errorMessage, isRequired })}
          {...unchoosable}
          key={key}
        />
      );
    }
    case 'checkbox': {
      const { kind: _kind, field, errorMessage, isRequired, uncheckedValue, ...rest } = props;
      const wired = {
        ...checkboxProps(field),
        ...rest,
        ...given({ errorMessage, isRequired }),
        ...unchoosable,
      };
      return uncheckedValue === undefined ? (
        <Checkbox {...wired} key={key} />
      ) : (
        <PostedToggle control={Checkbox} wired={wired} uncheckedValue={uncheckedValue} key={key} />
      );
    }
    case 'switch': {
      const { kind: _kind, field, errorMessage, isRequired, uncheckedValue, ...rest } = props;
      const wired = {
        ...checkboxProps(field),
        ...rest,
        ...given({ errorMessage, isRequired }),
        ...unchoosable,
      };
      return uncheckedValue === undefined ? (
        <Switch {...wired} key={key} />
      ) : (
        <PostedToggle control={Switch} wired={wired} uncheckedValue={uncheckedValue} key={key} />
      );
    }
    case 'file': {
      const { kind: _kind, field, errorMessage, isRequired, ...rest } = props;
      return (
        <FileField
          {...fileFieldProps(field)}
          {...rest}
          {...given({ errorMessage, isRequired })}
          {...unchoosable}
          key={key}
        />
      );
    }
    default: {
      const { kind: _kind, field, errorMessage, isRequired, ...rest } = props;
      const wired = textFieldProps(field);
      // A controlled value wins over the default: two would make React warn and the field flicker.
      const base = rest.value === undefined ? wired : { ...wired, defaultValue: undefined };
      return (
        <TextField {...base} {...rest} {...given({ errorMessage, isRequired })} {...unchangeable} key={key} />
      );
    }
  }
}

/** What a box and a switch share: a name to post under, on or off, and a change of it. */
interface Toggle {
  name?: string;
  value?: string;
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
}

/**
 * A box or switch that posts either way: a hidden input carries `value` or `uncheckedValue` under
 * the field's name, and the control itself posts nothing.
 */
function PostedToggle<P extends Toggle>({
  control: Control,
  wired,
  uncheckedValue,
}: {
  control: ComponentType<P>;
  wired: P;
  uncheckedValue: string;
}) {
  const [own, setOwn] = useState(Boolean(wired.defaultSelected));
  const { name, value = 'on', isSelected = own, onChange } = wired;
  return (
    <>
      {/* `data-unchecked` tells the form's check for unsaved work that this posts "off" (forms/unsavedFields). */}
      <input
        type="hidden"
        name={name}
        value={isSelected ? value : uncheckedValue}
        data-unchecked={uncheckedValue}
      />
      <Control
        {...wired}
        name={undefined}
        value={undefined}
        defaultSelected={undefined}
        isSelected={isSelected}
        onChange={(next: boolean) => {
          setOwn(next);
          onChange?.(next);
        }}
      />
    </>
  );
}
