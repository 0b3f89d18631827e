import type { PageItem } from '@/api/contract/blocks';

/** A placed block as far as hiding goes: its own hideable flags, and what it hides now. */
export interface HidingOf {
  hidden?: boolean | undefined;
  hideable?: Partial<PageItem['hideable']> | undefined;
  sections?: Readonly<Record<string, { hidden?: boolean | undefined } | undefined>> | undefined;
}

/** Why a hidden flag is refused where the block or section may not be hidden. */
export const CANNOT_HIDE = 'This cannot be hidden.';
/** Why the builder's Hide is off for a block whose own flags say it always shows. */
export const BLOCK_ALWAYS_SHOWN = 'This block always shows: it cannot be hidden.';
/** Why the builder's Hide is off for a section the block's own flags say always shows. */
export const sectionAlwaysShown = (name: string) => `${name} always shows: it cannot be hidden.`;

/**
 * Whether the block may be hidden, by the hideable flags it was placed with (spec §3 Page item):
 * they are the block's own and win over what its type offers today.
 */
export function canHideBlock(item: HidingOf): boolean {
  return item.hideable?.item === true;
}

/** Whether the block's own flags list the section among those that may be hidden. */
export function canHideSection(item: HidingOf, section: string): boolean {
  return item.hideable?.sections?.includes(section) === true;
}

/**
 * The hidden flags a block's own hideable flags refuse, keyed from `base` (the block's path):
 * 'data.items.2.hidden', 'data.items.2.sections.offers.hidden'. Showing is always allowed.
 */
export function hidingErrors(item: HidingOf, base: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (item.hidden === true && !canHideBlock(item)) errors[`${base}.hidden`] = CANNOT_HIDE;
  for (const [key, section] of Object.entries(item.sections ?? {})) {
    if (section?.hidden === true && !canHideSection(item, key)) {
      errors[`${base}.sections.${key}.hidden`] = CANNOT_HIDE;
    }
  }
  return errors;
}
