import type { PageItem } from '@/api/contract/blocks';
import type { SiteBlock, SiteFields, SiteFieldValue, SiteFile } from '@/api/contract/site';
import { type Aspect, blockImageAspect, cropSize, RASTER_TYPES, renditionsAt } from './renditions';

/** Where a browser fetches a stored file ('/storage/…'): absolute when a public address is known. */
export type FileUrl = (path: string) => string;

export const relativeFileUrl: FileUrl = (path) => path;

/** A file URL maker for a public address ('https://cars.example' + '/storage/…'); '' keeps paths relative. */
export function fileUrlFrom(publicUrl: string | null | undefined): FileUrl {
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  return base ? (path) => (path.startsWith('/') ? `${base}${path}` : path) : relativeFileUrl;
}

/** A library item as a site shows it (a media row, or a library item as the console reads it). */
export interface SiteMediaSource {
  name: string;
  mime: string;
  /** Where its original is served ('/media/file/…'). */
  url: string;
  sha256: string;
  width: number | null;
  height: number | null;
  alt: string | null;
  decorative: boolean;
  focal_point: { x: number; y: number };
}

/** The library items a site's blocks show, by id; an id it does not hold shows nothing. */
export type SiteMedia = ReadonlyMap<number, SiteMediaSource>;

const NO_MEDIA: SiteMedia = new Map();

/**
 * A library image as a site shows it in a field cropped to `aspect`: its text alternative (the one
 * given where it is used, else the item's own; empty when decorative), its size as shown, its
 * focal point and its renditions.
 */
export function siteImageOf(
  item: SiteMediaSource,
  use: { alt?: string | undefined },
  aspect: Aspect,
  fileUrl: FileUrl,
): SiteFile {
  const alt = use.alt?.trim() || item.alt?.trim() || (item.decorative ? '' : undefined);
  const raster = RASTER_TYPES.has(item.mime) && item.width && item.height;
  const size =
    item.width && item.height ? cropSize(item.width, item.height, raster ? aspect : 'original') : null;
  return {
    url: fileUrl(item.url),
    name: item.name,
    ...(alt === undefined ? {} : { alt }),
    ...(size ? { width: size.width, height: size.height } : {}),
    focal_point: item.focal_point,
    renditions: raster
      ? renditionsAt(
          {
            sha256: item.sha256,
            width: item.width as number,
            height: item.height as number,
            focal_x: item.focal_point.x,
            focal_y: item.focal_point.y,
          },
          aspect,
        ).map((rendition) => ({ ...rendition, url: fileUrl(rendition.url) }))
      : [],
  };
}

interface SiteValueContext {
  fileUrl: FileUrl;
  media: SiteMedia;
  /** The crop of a field's images, by field key. */
  aspectOf: (field: string) => Aspect;
}

function siteValue(key: string, value: unknown, context: SiteValueContext): SiteFieldValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.flatMap((file): SiteFile[] => {
      if (!file || typeof file !== 'object') return [];
      if (typeof file.media_id === 'number') {
        const item = context.media.get(file.media_id);
        return item ? [siteImageOf(item, file, context.aspectOf(key), context.fileUrl)] : [];
      }
      return typeof file.path === 'string'
        ? [{ url: context.fileUrl(file.path), name: typeof file.name === 'string' ? file.name : '' }]
        : [];
    });
  return '';
}

/**
 * A block's or configurable's field values as a site reads them: null becomes '', files get URLs,
 * library images their sizes and renditions (cropped as `blockIndex`'s fields ask).
 */
export function siteFieldsOf(
  fields: Record<string, unknown> | undefined,
  fileUrl: FileUrl,
  media: SiteMedia = NO_MEDIA,
  blockIndex?: string,
): SiteFields {
  const context: SiteValueContext = {
    fileUrl,
    media,
    aspectOf: (field) => (blockIndex === undefined ? 'original' : blockImageAspect(blockIndex, field)),
  };
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([key, value]) => [key, siteValue(key, value, context)]),
  );
}

/**
 * The blocks a visitor sees, from the blocks as the builder keeps them (saved or an unsaved draft):
 * hidden blocks and hidden sections left out, and the editor's bookkeeping (opened flags, hideable)
 * with them. The delivery API and the builder's preview both show what this returns.
 */
export function siteBlocksOf(
  items: readonly PageItem[],
  fileUrl: FileUrl = relativeFileUrl,
  media: SiteMedia = NO_MEDIA,
): SiteBlock[] {
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
              fields: siteFieldsOf(section.fields, fileUrl, media, item.index),
              entries: section.entries.map((entry) => siteFieldsOf(entry.fields, fileUrl, media, item.index)),
            },
          ]),
      ),
    }));
}
