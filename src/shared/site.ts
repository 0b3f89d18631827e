import type { PageItem } from '@/api/contract/blocks';
import type { SiteBlock, SiteFields, SiteFieldValue, SiteFile } from '@/api/contract/site';

/** Where a browser fetches a stored file ('/storage/…'): absolute when a public address is known. */
export type FileUrl = (path: string) => string;

export const relativeFileUrl: FileUrl = (path) => path;

/** A file URL maker for a public address ('https://cars.example' + '/storage/…'); '' keeps paths relative. */
export function fileUrlFrom(publicUrl: string | null | undefined): FileUrl {
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  return base ? (path) => (path.startsWith('/') ? `${base}${path}` : path) : relativeFileUrl;
}

function siteValue(value: unknown, fileUrl: FileUrl): SiteFieldValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.flatMap((file): SiteFile[] =>
      file && typeof file === 'object' && typeof file.path === 'string'
        ? [{ url: fileUrl(file.path), name: typeof file.name === 'string' ? file.name : '' }]
        : [],
    );
  return '';
}

/** A block's or configurable's field values as a site reads them: null becomes '', files get URLs. */
export function siteFieldsOf(fields: Record<string, unknown> | undefined, fileUrl: FileUrl): SiteFields {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([key, value]) => [key, siteValue(value, fileUrl)]),
  );
}

/**
 * The blocks a visitor sees, from the blocks as the builder keeps them (saved or an unsaved draft):
 * hidden blocks and hidden sections left out, and the editor's bookkeeping (opened flags, hideable)
 * with them. The delivery API and the builder's preview both show what this returns.
 */
export function siteBlocksOf(items: readonly PageItem[], fileUrl: FileUrl = relativeFileUrl): SiteBlock[] {
  return items
    .filter((item) => !item.hidden)
    .map((item) => ({
      index: item.index,
      name: item.name,
      sections: Object.fromEntries(
        Object.entries(item.sections)
          .filter(([, section]) => !section.hidden)
          .map(([key, section]) => [
            key,
            {
              fields: siteFieldsOf(section.fields, fileUrl),
              entries: section.entries.map((entry) => siteFieldsOf(entry.fields, fileUrl)),
            },
          ]),
      ),
    }));
}
