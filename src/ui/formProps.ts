import type { StoredFile } from '@/api/contract/common';
import { storedNameOf } from '@/shared/storedName';

/**
 * The part of conform's field metadata (`fields.email` from useForm) the widgets need. Written
 * structurally so any FieldMetadata<Schema, FormSchema> fits without naming its generics.
 */
export interface FieldMeta {
  name: string;
  id?: string;
  defaultValue?: string | undefined;
  defaultOptions?: string[] | undefined;
  defaultChecked?: boolean | undefined;
  errors?: string[] | undefined;
  valid?: boolean;
  /** From the schema's constraint (getZodConstraint). */
  required?: boolean;
}

interface Wiring {
  name: string;
  id?: string;
  isRequired: boolean;
  isInvalid: boolean;
  errorMessage: string[] | undefined;
}

function wiring(meta: FieldMeta): Wiring {
  const errorMessage = meta.errors && meta.errors.length > 0 ? meta.errors : undefined;
  return {
    name: meta.name,
    id: meta.id,
    isRequired: Boolean(meta.required),
    isInvalid: errorMessage !== undefined,
    errorMessage,
  };
}

/**
 * Props for TextField, TextArea and DateField: `<TextField label="Name" {...textFieldProps(fields.name)} />`.
 * Uncontrolled (defaultValue) like conform's own inputs; put `key={fields.name.key}` on the element
 * so a form reset re-reads the default.
 */
export function textFieldProps(meta: FieldMeta): Wiring & { defaultValue: string | undefined } {
  return { ...wiring(meta), defaultValue: meta.defaultValue };
}

/** Props for Select: the default choice is the field's default value (compared as text). */
export function selectProps(meta: FieldMeta): Wiring & { defaultSelectedKey: string | null } {
  return { ...wiring(meta), defaultSelectedKey: meta.defaultValue ?? null };
}

const TRUE_TEXT = new Set(['on', '1', 'true']);

/**
 * Props for Checkbox and Switch. Ticked by default for conform's 'on' and for the API's 0/1 and
 * boolean flags ('1', 'true'). Pass value="1" on the widget when the schema expects 0/1.
 */
export function checkboxProps(meta: FieldMeta): Wiring & { defaultSelected: boolean } {
  return {
    ...wiring(meta),
    defaultSelected: Boolean(meta.defaultChecked) || TRUE_TEXT.has(meta.defaultValue ?? ''),
  };
}

/** A stored path as a file entry, under the name it was uploaded with. */
function fromPath(path: string): StoredFile {
  return { path, name: storedNameOf(path) };
}

/** Props for FileField: the default files are the stored path(s) in the field's default value. */
export function fileFieldProps(meta: FieldMeta): Wiring & { defaultFiles: StoredFile[] } {
  const paths = meta.defaultOptions ?? (meta.defaultValue ? [meta.defaultValue] : []);
  return { ...wiring(meta), defaultFiles: paths.filter(Boolean).map(fromPath) };
}

/**
 * Metadata for a field whose value lives in a machine or in component state rather than in a
 * conform form (a modal, the block editor): its name, its first error and whether it is required.
 */
export function stateFieldMeta(
  name: string,
  error?: string | null,
  options: { required?: boolean; id?: string; defaultValue?: string } = {},
): FieldMeta {
  return {
    name,
    id: options.id,
    defaultValue: options.defaultValue,
    errors: error ? [error] : undefined,
    required: Boolean(options.required),
  };
}
