import { Checkbox, type CheckboxProps } from './Checkbox';
import { DateField, type DateFieldProps } from './DateField';
import { FileField, type FileFieldProps } from './FileField';
import { checkboxProps, type FieldMeta, fileFieldProps, selectProps, textFieldProps } from './formProps';
import { Select, type SelectProps } from './Select';
import { Switch, type SwitchProps } from './Switch';
import { TextArea, type TextAreaProps, TextField, type TextFieldProps } from './TextField';

/** A form field's metadata (conform's `fields.name`), with the key that changes on a form reset. */
export interface FieldMetaWithKey extends FieldMeta {
  key?: string;
}

/** What Field wires from the metadata; a screen never sets these by hand. */
type Wired = 'name' | 'id' | 'isRequired' | 'isInvalid' | 'errorMessage';

/** An error message of the field's own parts (`banner_img[0]`) may stand in for the field's. */
interface Overrides {
  errorMessage?: string[] | string;
}

export type FieldProps = { field: FieldMetaWithKey } & Overrides &
  (
    | ({ kind?: 'text' } & Omit<TextFieldProps, Wired | 'defaultValue'>)
    | ({ kind: 'textarea' } & Omit<TextAreaProps, Wired | 'defaultValue'>)
    | ({ kind: 'date' } & Omit<DateFieldProps, Wired | 'defaultValue'>)
    | ({ kind: 'select' } & Omit<SelectProps, Wired | 'defaultSelectedKey'>)
    | ({ kind: 'checkbox' } & Omit<CheckboxProps, Wired | 'defaultSelected'>)
    | ({ kind: 'switch' } & Omit<SwitchProps, Wired | 'defaultSelected'>)
    | ({ kind: 'file' } & Omit<FileFieldProps, Wired | 'defaultFiles'>)
  );

/**
 * One form field, wired from its schema-backed metadata: label, control, the required marker
 * (from the schema, see formConstraint), aria-invalid and aria-describedby (the widgets' own
 * react-aria wiring), the first error, and a key that changes when the form resets, so an
 * uncontrolled control reads its default again. A controlled text (`value`) keeps its own value.
 */
export function Field(props: FieldProps) {
  const { field, errorMessage } = props;
  const key = field.key;
  const error = errorMessage === undefined ? {} : { errorMessage };
  switch (props.kind) {
    case 'textarea': {
      const { kind: _kind, field: _field, ...rest } = props;
      return <TextArea {...textFieldProps(field)} {...rest} {...error} key={key} />;
    }
    case 'date': {
      const { kind: _kind, field: _field, ...rest } = props;
      return <DateField {...textFieldProps(field)} {...rest} {...error} key={key} />;
    }
    case 'select': {
      const { kind: _kind, field: _field, ...rest } = props;
      return <Select {...selectProps(field)} {...rest} {...error} key={key} />;
    }
    case 'checkbox': {
      const { kind: _kind, field: _field, ...rest } = props;
      return <Checkbox {...checkboxProps(field)} {...rest} {...error} key={key} />;
    }
    case 'switch': {
      const { kind: _kind, field: _field, ...rest } = props;
      return <Switch {...checkboxProps(field)} {...rest} {...error} key={key} />;
    }
    case 'file': {
      const { kind: _kind, field: _field, ...rest } = props;
      return <FileField {...fileFieldProps(field)} {...rest} {...error} key={key} />;
    }
    default: {
      const { kind: _kind, field: _field, ...rest } = props;
      const wired = textFieldProps(field);
      // A controlled value wins over the default: two would make React warn and the field flicker.
      const base = rest.value === undefined ? wired : { ...wired, defaultValue: undefined };
      return <TextField {...base} {...rest} {...error} key={key} />;
    }
  }
}
