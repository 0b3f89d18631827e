import type { SiteBlock, SiteFields } from '@/api/contract/site';
import type { SiteContext } from '../context';

export interface BlockProps {
  block: SiteBlock;
  context: SiteContext;
  /** An id unique on the page, for headings and fields. */
  id: string;
}

/** A plain section's fields; a hidden or missing section gives none. */
export function sectionFields(block: SiteBlock, key: string): SiteFields {
  return block.sections[key]?.fields ?? {};
}

/** A repeatable section's entries; a hidden or missing section gives none. */
export function sectionEntries(block: SiteBlock, key: string): SiteFields[] {
  return block.sections[key]?.entries ?? [];
}
