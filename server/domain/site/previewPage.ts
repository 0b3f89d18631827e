import type { SiteBlock } from '@/api/contract/site';
import { type FileUrl, siteBlocksOf } from '@/shared/site';
import type { Db } from '../../db/open';
import { readItems } from '../blocks';
import { findPage, type PageRow } from '../pages/read';

export interface SavedPreview {
  row: PageRow;
  blocks: SiteBlock[];
}

/**
 * A page as last saved, published or not, with the blocks a visitor would see: what a share
 * preview link shows. Null once the page is deleted (in the bin or forever).
 */
export async function savedPreviewOf(db: Db, id: number, fileUrl?: FileUrl): Promise<SavedPreview | null> {
  const row = await findPage(db, 'page', id);
  if (!row) return null;
  return { row, blocks: siteBlocksOf(readItems(row.items), fileUrl) };
}
