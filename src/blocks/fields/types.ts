import type { FieldValue } from '@/api/contract/blocks';
import type { BuilderField } from '@/api/contract/builder';

/** What every field editor is given: its definition, its value, where to report a change, its first error. */
export interface FieldEditorProps {
  /** Unique in the page, so labels, errors and the rich text's hidden input never collide. */
  name: string;
  field: BuilderField;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  error?: string | undefined;
}

/** A stored text value as the editors show it: empty when unset or when it holds files. */
export const textOf = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');
