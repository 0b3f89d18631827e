import type { PageItem } from '@/api/contract/blocks';
import type { BuilderField, BuilderItem } from '@/api/contract/builder';
import type { BuilderDraft } from '@/machines/builder';
import type { Catalogue } from '@/shared/catalogue';
import { type Comparable, type DiffBlock, type RecordDiff, recordDiff } from '@/shared/history/diff';
import {
  choice,
  dateOnly,
  type FieldView,
  type FieldViews,
  type ValueFormat,
  yesNo,
} from '@/shared/history/fieldViews';
import { entryLabel } from '../entries';

/**
 * A block's fields as the History panel compares them, by 'section.field' (and
 * 'section.2.field' for the second entry of a repeatable section), with whether it and its
 * sections are hidden. Whether an entry is shown expanded is the editor's view, not content.
 */
export function blockFields(item: PageItem): Record<string, unknown> {
  const fields: Record<string, unknown> = { hidden: item.hidden };
  for (const [key, section] of Object.entries(item.sections)) {
    if (section.hidden) fields[`${key}.hidden`] = true;
    for (const [name, value] of Object.entries(section.fields)) fields[`${key}.${name}`] = value;
    section.entries.forEach((entry, i) => {
      for (const [name, value] of Object.entries(entry.fields)) fields[`${key}.${i}.${name}`] = value;
    });
  }
  return fields;
}

/** How a block field's editor shows its value: a select's option by its label, a date as a date. */
function formatOf(field: BuilderField): ValueFormat | undefined {
  if (field.type === 'select')
    return choice((field.options ?? []).map((option) => ({ id: option.value, name: option.label })));
  if (field.type === 'date') return dateOnly;
  return undefined;
}

const viewsByType = new WeakMap<BuilderItem, FieldViews>();

/** A block's fields as its editor labels them ('Slides › Slide 2 › Heading', 'Hide Content'). */
export function blockViews(definition: BuilderItem): FieldViews {
  const known = viewsByType.get(definition);
  if (known) return known;
  const views: Record<string, FieldView> = {
    name: { label: 'Block name' },
    hidden: { label: 'Hide this block', format: yesNo },
  };
  for (const [key, section] of Object.entries(definition.sections)) {
    views[key] = { label: section.name };
    views[`${key}.hidden`] = { label: `Hide ${section.name}`, format: yesNo };
    if (section.repeatable) views[`${key}.*`] = { label: `${section.name} › ${entryLabel(section, '{n}')}` };
    for (const [name, field] of Object.entries(section.fields)) {
      const format = formatOf(field);
      const label = section.repeatable
        ? `${section.name} › ${entryLabel(section, '{n}')} › ${field.name}`
        : `${section.name} › ${field.name}`;
      views[section.repeatable ? `${key}.*.${name}` : `${key}.${name}`] = format
        ? { label, format }
        : { label };
    }
  }
  viewsByType.set(definition, views);
  return views;
}

/**
 * A builder's draft as compared: the name and the page's fields, and its blocks (no identity: by
 * type and place), each labelled as its editor labels it where the catalogue knows its type.
 */
export function comparableDraft(draft: BuilderDraft, catalogue: Catalogue = {}): Comparable {
  const blocks: DiffBlock[] = draft.items.map((item) => {
    const definition = catalogue[item.index];
    return {
      type: item.index,
      name: item.name,
      fields: blockFields(item),
      ...(definition ? { views: blockViews(definition) } : {}),
    };
  });
  return { fields: { name: draft.name, ...draft.fields }, blocks };
}

export interface DraftDiffOptions {
  /** How the builder's own fields show (labels, yes/no, dates, choices by name). */
  views?: FieldViews;
  /** The block types, for the labels of the blocks' fields. */
  catalogue?: Catalogue;
}

/** What differs from a revision's draft to the draft the builder holds now. */
export function draftDiff(
  revision: BuilderDraft,
  current: BuilderDraft,
  { views = {}, catalogue = {} }: DraftDiffOptions = {},
): RecordDiff {
  return recordDiff(comparableDraft(revision, catalogue), comparableDraft(current, catalogue), {
    views: 'name' in views ? views : { name: { label: 'Name' }, ...views },
  });
}
