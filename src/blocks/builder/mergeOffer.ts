import type { BuilderDraft, PageFields } from '@/machines/builder';
import {
  type BlocksMerged,
  type FieldsMerged,
  mergeBlocks,
  mergeFields,
  resolveBlocks,
  resolveFields,
  type Side,
} from '@/shared/blockMerge';

/** The name travels with the fields through the merge under a key no field has. */
const NAME = '\u0000name';

/** One question the merge asks: a block (or field) both editors changed. */
export interface MergeQuestion {
  key: string;
  /** 'Hero banner (block 2)' or 'Name'. */
  label: string;
  /** What each side did to it, in a few words. */
  mine: string;
  theirs: string;
}

/** The editor's version merged with the newer one someone else saved. */
export interface MergeOffer {
  blocks: BlocksMerged;
  fields: FieldsMerged;
  theirs: BuilderDraft;
  /** The newer version's updated_at: the merged save is checked against it. */
  updatedAt: string | undefined;
  questions: MergeQuestion[];
}

const blockWords = (item: { name: string } | null) =>
  item ? `keeps “${item.name}” as edited` : 'removes it';

/** Merges `mine` with `theirs`, both from `base` (what the editor opened or last saved). */
export function offerMerge(
  base: BuilderDraft,
  theirs: BuilderDraft,
  mine: BuilderDraft,
  updatedAt: string | undefined,
): MergeOffer {
  const blocks = mergeBlocks(base.items, theirs.items, mine.items);
  const withName = (draft: BuilderDraft) => ({ ...draft.fields, [NAME]: draft.name });
  const fields = mergeFields(withName(base), withName(theirs), withName(mine));
  const positions = new Map(
    blocks.slots.map((slot, i) => [slot.kind === 'ask' ? slot.conflict.id : '', i + 1]),
  );
  const questions: MergeQuestion[] = [
    ...blocks.conflicts.map((c) => ({
      key: c.id,
      label: `${(c.mine ?? c.theirs ?? c.base)?.name ?? 'A block'} (block ${positions.get(c.id) ?? '?'})`,
      mine: `Yours ${blockWords(c.mine)}`,
      theirs: `Theirs ${blockWords(c.theirs)}`,
    })),
    ...fields.conflicts.map((c) => ({
      key: `field:${c.name}`,
      label: c.name === NAME ? 'Name' : c.name,
      mine: `Yours: ${JSON.stringify(c.mine)?.slice(0, 80) ?? 'none'}`,
      theirs: `Theirs: ${JSON.stringify(c.theirs)?.slice(0, 80) ?? 'none'}`,
    })),
  ];
  return { blocks, fields, theirs, updatedAt, questions };
}

/** The merged version with each question answered (unanswered ones keep the editor's). */
export function mergedDraft(offer: MergeOffer, answers: Readonly<Record<string, Side>>, mine: BuilderDraft) {
  const fieldAnswers = Object.fromEntries(
    Object.entries(answers).flatMap(([key, side]) =>
      key.startsWith('field:') ? [[key.slice('field:'.length), side]] : [],
    ),
  );
  const { [NAME]: name, ...fields } = resolveFields(offer.fields, fieldAnswers);
  const merged = String(name ?? mine.name);
  return {
    items: resolveBlocks(offer.blocks, answers),
    name: merged,
    // The slug follows the name kept: theirs when theirs is kept.
    slug: merged === mine.name ? mine.slug : offer.theirs.slug,
    fields: fields as PageFields,
  } satisfies BuilderDraft;
}
