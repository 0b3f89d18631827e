import type { ComponentType } from 'react';
import type { FieldType } from '@/api/contract/builder';
import { DateEditor } from './DateEditor';
import { FilesEditor } from './FilesEditor';
import { SelectEditor } from './SelectEditor';
import { TextareaEditor } from './TextareaEditor';
import { TextEditor } from './TextEditor';
import { TrixEditor } from './TrixEditor';
import type { FieldEditorProps } from './types';

const EDITORS: Record<FieldType, ComponentType<FieldEditorProps>> = {
  text: TextEditor,
  textarea: TextareaEditor,
  select: SelectEditor,
  files: FilesEditor,
  date: DateEditor,
  trix: TrixEditor,
};

/** The editor for a field's type, as its definition names it. */
export function FieldEditor(props: FieldEditorProps) {
  const Editor = EDITORS[props.field.type];
  return <Editor {...props} />;
}
