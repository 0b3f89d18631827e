import type { PageItem } from '@/api/contract/blocks';
import type { DealershipAddress, DealershipOpeningTimes } from '../../db/schema/dealerships';
import type { ImportKind } from '../../db/schema/jobs';
import { type CellError, dateTime, kept, yesNo } from './cells';
import { headerKey } from './sheet';

export interface ImportColumn {
  header: string;
  required: boolean;
  description: string;
}

export interface DealershipInfo {
  name: string;
  brandId: number | null;
  brandName: string | null;
  email: string;
  telephone: string;
  address: DealershipAddress;
  openingTimes: DealershipOpeningTimes[];
  live: boolean;
}

/** What a provider may look up while it reads a row. */
export interface ImportLookups {
  /** A live brand by its name or slug. */
  brand(text: string): Promise<{ id: number; name: string } | null>;
  /** A live dealership by its slug. */
  dealership(slug: string): Promise<DealershipInfo | null>;
}

/** One row read by a provider: the record's name, where it goes, and the builder form's values before the contract checks them. */
export interface Draft {
  name: string;
  /** The Parent cell: an existing page's slug or an earlier row's name; null for the top level. */
  parent: string | null;
  input: Record<string, unknown>;
}

export interface ImportProvider {
  key: string;
  label: string;
  /** What it creates: pages (the pages import screen) or forms (the forms one). */
  kind: ImportKind;
  description: string;
  columns: ImportColumn[];
  /** Example rows for the sample workbook, by column header. */
  sample: Record<string, string>[];
  /** The column a field of the builder form comes from, so the contract's messages name the column. */
  fieldColumns: Record<string, string>;
  /**
   * Reads one row. A cell it cannot use goes into `problems` (and the row goes on with a stand-in,
   * so its other cells are checked too); one the rest of the row depends on throws CellError.
   */
  draft(cells: Record<string, string>, lookups: ImportLookups, problems: CellError[]): Promise<Draft>;
}

/** A cell of the row by its column header; blank when the sheet has no such column. */
export const cellValue = (cells: Record<string, string>, header: string) => cells[headerKey(header)] ?? '';

export const richText = (name: string, body: string): PageItem => ({
  index: 'rich_text',
  name,
  hideable: { item: true, sections: [] },
  hidden: false,
  sections: { content: { hidden: false, fields: { body }, entries: [] } },
});

/** Published Yes needs a publish date: blank takes the moment of the import. */
export function published(cells: Record<string, string>, fallback: 0 | 1, problems: CellError[]) {
  const flag = kept(problems, () => yesNo(cellValue(cells, 'Published'), 'Published', fallback), fallback);
  const at = kept(problems, () => dateTime(cellValue(cells, 'Published at'), 'Published at'), null);
  return { published: flag, published_at: flag === 1 ? (at ?? new Date().toISOString()) : null };
}

/** The column each field of the page builder form comes from. */
export const PAGE_FIELD_COLUMNS = {
  name: 'Name',
  slug: 'Name',
  brand_id: 'Brand',
  'meta.title': 'Meta title',
  'meta.description': 'Meta description',
  published: 'Published',
  published_at: 'Published at',
  is_allowed_children: 'Allow children',
  items: 'Content',
};
