import type { PageItem } from '@/api/contract/pages';
import type { BuilderDraft } from '@/machines/builder';
import { type Comparable, type DiffBlock, type RecordDiff, recordDiff } from '@/shared/history/diff';

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

/** A builder's draft as compared: the name and the page's fields, and its blocks (no identity: by type and place). */
export function comparableDraft(draft: BuilderDraft): Comparable {
  const blocks: DiffBlock[] = draft.items.map((item) => ({
    type: item.index,
    name: item.name,
    fields: blockFields(item),
  }));
  return { fields: { name: draft.name, ...draft.fields }, blocks };
}

/** The builders' own fields as their screens label them. */
const BUILDER_LABELS: Readonly<Record<string, string>> = {
  brand_id: 'Brand',
  'meta.title': 'Meta title',
  'meta.description': 'Meta description',
  published_at: 'Published at',
  child_template_id: 'Child template',
  is_allowed_children: 'Allowed children',
  is_tree_recursive: 'Tree recursive',
  sort_by: 'Sort by',
  sort_by_mode: 'Sort order',
  lock_pages: 'Lock pages made from it',
};

/** What differs from a revision's draft to the draft the builder holds now. */
export function draftDiff(revision: BuilderDraft, current: BuilderDraft): RecordDiff {
  return recordDiff(comparableDraft(revision), comparableDraft(current), { labels: BUILDER_LABELS });
}
