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
export const NAME = '\u0000name';

/** How a question about a field is keyed among the answers (a block's is its id). */
const FIELD = 'field:';
export const fieldKey = (name: string) => `${FIELD}${name}`;

/** The editor's version merged with the newer one saved meanwhile. */
export interface MergeOffer {
  blocks: BlocksMerged;
  fields: FieldsMerged;
  theirs: BuilderDraft;
  /** The newer version's updated_at: the merged save is checked against it. */
  updatedAt: string | undefined;
}

/** Whether the merge needs the editor's answer: a block or field both sides changed differently. */
export const asksQuestions = (offer: MergeOffer): boolean =>
  offer.blocks.conflicts.length > 0 || offer.fields.conflicts.length > 0;

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
  return { blocks, fields, theirs, updatedAt };
}

/** The merged version with each question answered (unanswered ones keep the editor's). */
export function mergedDraft(offer: MergeOffer, answers: Readonly<Record<string, Side>>, mine: BuilderDraft) {
  const fieldAnswers = Object.fromEntries(
    Object.entries(answers).flatMap(([key, side]) =>
      key.startsWith(FIELD) ? [[key.slice(FIELD.length), side]] : [],
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
