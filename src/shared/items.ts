import type { FieldValue, ItemSection, PageItem } from '@/api/contract/blocks';
import type { BuilderField, BuilderItem, BuilderSection } from '@/api/contract/builder';
import { newBlockId } from './blockIds';

/** What a new rich text field starts with (spec). */
export const MARKDOWN_WELCOME = '# Welcome to Markdown.';

/** The value a field starts with when its block is added. */
export function blankValue(field: BuilderField): FieldValue {
  if (field.type === 'files') return [];
  if (field.type === 'trix') return MARKDOWN_WELCOME;
  return '';
}

export function blankFields(fields: Record<string, BuilderField>): Record<string, FieldValue> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, blankValue(field)]));
}

/** A new entry of a repeatable section, opened so it can be filled at once. */
export function blankEntry(section: BuilderSection): ItemSection['entries'][number] {
  return { opened: true, fields: blankFields(section.fields) };
}

/** A block as it is placed from the catalogue: its definition's name, hideable flags and empty fields. */
export function blankItem(index: string, definition: BuilderItem): PageItem {
  return {
    id: newBlockId(),
    index,
    name: definition.name,
    hideable: { item: definition.hideable.item, sections: [...definition.hideable.sections] },
    hidden: false,
    sections: Object.fromEntries(
      Object.entries(definition.sections).map(([key, section]) => [
        key,
        {
          hidden: false,
          fields: section.repeatable ? {} : blankFields(section.fields),
          entries: [],
        },
      ]),
    ),
  };
}
