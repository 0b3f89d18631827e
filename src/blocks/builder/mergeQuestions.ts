import type { PageItem } from '@/api/contract/blocks';
import type { BlockConflict, FieldConflict } from '@/shared/blockMerge';
import type { Catalogue } from '@/shared/catalogue';
import { type FieldChange, fieldsDiff, fieldText, flatten } from '@/shared/history/diff';
import { type FieldViews, labelOf } from '@/shared/history/fieldViews';
import { blockFields, blockViews } from './draftDiff';
import { fieldKey, type MergeOffer, NAME } from './mergeOffer';

/** One question the merge asks: a block (or field) both editors changed, and what each choice keeps. */
export interface MergeQuestion {
  key: string;
  /** What both changed, as the builder names it: 'Meta title', or 'Opening (block 2)'. */
  label: string;
  /**
   * What keeping each side keeps, in the builder's words: a field's value ('“About us”'), or the
   * fields where the two versions of a block differ, each with that side's value.
   */
  mine: string;
  theirs: string;
}

/** How the builder names its fields and blocks' fields, so the questions read as the builder does. */
export interface MergeWords {
  /** The record's own fields (labels, Yes/No, dates, choices by name), by dotted path. */
  views?: FieldViews;
  /** The block types, for the labels of the blocks' fields. */
  catalogue?: Catalogue;
}

/** Long enough for a title or a sentence; a longer value is cut at a word, with an ellipsis. */
const LONGEST = 80;
/** Fields listed for one choice; the rest are counted. */
const MOST_FIELDS = 3;

/** A value quoted whole, or shortened at a word with an ellipsis; nothing reads 'empty'. */
export function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return 'empty';
  if (flat.length <= LONGEST) return `“${flat}”`;
  const cut = flat.slice(0, LONGEST);
  const space = cut.lastIndexOf(' ');
  return `“${(space > LONGEST / 2 ? cut.slice(0, space) : cut).trimEnd()}…”`;
}

/** 'A; B; C and 2 more'. */
function listed(parts: readonly string[]): string {
  if (parts.length <= MOST_FIELDS) return parts.join('; ');
  return `${parts.slice(0, MOST_FIELDS).join('; ')} and ${parts.length - MOST_FIELDS} more`;
}

/**
 * A field's value in words: quoted as its editor shows it, or, for a value made of several (an
 * object where the other side has none), each part under its label.
 */
function valueWords(views: FieldViews, path: string, value: unknown): string {
  const leaves = Object.entries(flatten(value, path));
  const [only] = leaves;
  if (leaves.length === 1 && only && only[0] === path) return quoted(fieldText(views, path, only[1]));
  if (leaves.length === 0) return 'empty';
  return listed(leaves.map(([at, inner]) => `${labelOf(views, at)} ${quoted(fieldText(views, at, inner))}`));
}

function fieldQuestion(conflict: FieldConflict, views: FieldViews): MergeQuestion {
  const isName = conflict.name === NAME;
  // The name is held under a key of its own; its view, where the screen gives one, is `name`.
  const path = isName ? 'name' : conflict.name;
  const label = isName ? (views.name?.label ?? 'Name') : labelOf(views, path);
  return {
    key: fieldKey(conflict.name),
    label,
    mine: valueWords(views, path, conflict.mine),
    theirs: valueWords(views, path, conflict.theirs),
  };
}

/** A block's name and fields as the History panel compares them. */
const comparable = (item: PageItem) => ({ name: item.name, ...blockFields(item) });

/** Each differing field under its label, with the value one side has ('before' or 'after'). */
const sideOf = (changes: readonly FieldChange[], side: 'before' | 'after') =>
  listed(changes.map((change) => `${change.label} ${quoted(change[side])}`));

/**
 * What each choice keeps of a block: where both versions have it, the fields in which they
 * differ, each with that side's value; where one removed it, that, and what the other changed.
 */
function blockChoices(conflict: BlockConflict, catalogue: Catalogue): Pick<MergeQuestion, 'mine' | 'theirs'> {
  const { base, mine, theirs } = conflict;
  const type = (mine ?? theirs ?? base)?.index;
  const definition = type === undefined ? undefined : catalogue[type];
  const views = definition ? blockViews(definition) : {};
  const differ = (before: PageItem, after: PageItem) =>
    fieldsDiff(comparable(before), comparable(after), { views });
  const kept = (item: PageItem) => {
    const changes = base ? differ(base, item) : [];
    return changes.length === 0 ? 'the block as it was' : `the block, with ${sideOf(changes, 'after')}`;
  };
  if (!mine) return { mine: 'the block removed', theirs: theirs ? kept(theirs) : 'the block removed' };
  if (!theirs) return { mine: kept(mine), theirs: 'the block removed' };
  const changes = differ(theirs, mine);
  // Versions that differ only in how the editor showed them (an entry left open) read alike.
  if (changes.length === 0)
    return { mine: 'the block as edited here', theirs: 'the block as saved meanwhile' };
  return { mine: sideOf(changes, 'after'), theirs: sideOf(changes, 'before') };
}

/** The questions a merge asks, blocks first (by their place in the merged page), then fields. */
export function mergeQuestions(
  offer: MergeOffer,
  { views = {}, catalogue = {} }: MergeWords = {},
): MergeQuestion[] {
  const positions = new Map(
    offer.blocks.slots.map((slot, i) => [slot.kind === 'ask' ? slot.conflict.id : '', i + 1]),
  );
  return [
    ...offer.blocks.conflicts.map((conflict) => ({
      key: conflict.id,
      label: `${(conflict.mine ?? conflict.theirs ?? conflict.base)?.name ?? 'A block'} (block ${positions.get(conflict.id) ?? '?'})`,
      ...blockChoices(conflict, catalogue),
    })),
    ...offer.fields.conflicts.map((conflict) => fieldQuestion(conflict, views)),
  ];
}
