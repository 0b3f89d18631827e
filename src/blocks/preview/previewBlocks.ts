import type { PageItem } from '@/api/contract/blocks';
import type { SiteBlock } from '@/api/contract/site';
import { type FileUrl, type SiteMedia, siteBlocksOf } from '@/shared/site';

/** A visible block with the builder's key for it, so React keeps each block's rendering apart. */
export interface KeyedBlock {
  key: number;
  block: SiteBlock;
}

/**
 * The blocks a visitor would see from the builder's draft, made again only for items that changed:
 * the builder replaces an item when it changes and keeps the others, so a keystroke makes one
 * block anew and every other block keeps its identity (and its memoised rendering).
 */
export function previewBlocksMaker(fileUrl?: FileUrl) {
  let made = new WeakMap<PageItem, SiteBlock | null>();
  let madeWith: SiteMedia | undefined;
  /** `media`: the library items the console has read; a new map (an image arrived) makes every block anew. */
  return (items: readonly PageItem[], keys: readonly number[], media?: SiteMedia): KeyedBlock[] => {
    if (media !== madeWith) {
      made = new WeakMap();
      madeWith = media;
    }
    const out: KeyedBlock[] = [];
    items.forEach((item, at) => {
      let block = made.get(item);
      if (block === undefined) {
        block = siteBlocksOf([item], fileUrl, media)[0] ?? null;
        made.set(item, block);
      }
      if (block) out.push({ key: keys[at] ?? -at - 1, block });
    });
    return out;
  };
}
