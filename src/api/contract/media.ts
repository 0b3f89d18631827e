import { z } from 'zod';
import { id, idList, idParams, listQuery, messageResponse, paginator, timestamp } from './common';
import { defineCall } from './define';

/** The largest file the library takes (documented in the README). */
export const MEDIA_MAX_BYTES = 30 * 1024 * 1024;
/** The most files one upload may carry. */
export const MEDIA_MAX_FILES = 50;

export const focalPoint = z.object({
  x: z.number('Enter a number from 0 to 1.').min(0, 'Use 0 to 1.').max(1, 'Use 0 to 1.'),
  y: z.number('Enter a number from 0 to 1.').min(0, 'Use 0 to 1.').max(1, 'Use 0 to 1.'),
});
export type FocalPoint = z.infer<typeof focalPoint>;

export const rendition = z.object({
  format: z.enum(['avif', 'webp', 'jpeg']),
  width: z.number().int(),
  url: z.string(),
});

export const mediaUseArea = z.enum(['pages', 'forms', 'templates', 'brands', 'dealerships', 'users']);
export type MediaUseAreaName = z.infer<typeof mediaUseArea>;

/** A record that refers to an item; `url` is its console address. */
export const mediaUse = z.object({
  area: mediaUseArea,
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
});
export type MediaUse = z.infer<typeof mediaUse>;

/** One item of the library. */
export const mediaItem = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sha256: z.string(),
  alt: z.string().nullable(),
  decorative: z.boolean(),
  caption: z.string().nullable(),
  credit: z.string().nullable(),
  tags: z.array(z.string()),
  folder_id: z.number().int().nullable(),
  focal_point: focalPoint,
  url: z.string(),
  renditions: z.array(rendition),
  uses_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type MediaItem = z.infer<typeof mediaItem>;

export const mediaFolder = z.object({
  id: z.number().int(),
  name: z.string(),
  brand_id: z.number().int().nullable(),
  dealership_id: z.number().int().nullable(),
  /** The folder made for its brand or dealership, named after it. */
  own: z.boolean(),
});
export type MediaFolder = z.infer<typeof mediaFolder>;

export const mediaType = z.enum(['image', 'document']);

export const mediaQuery = listQuery.extend({
  folder_id: id.optional(),
  type: mediaType.optional().catch(undefined),
  unused: z.enum(['0', '1']).optional().catch(undefined),
  /** The bin instead of the library. */
  trashed: z.enum(['0', '1']).optional().catch(undefined),
});
export type MediaQuery = z.input<typeof mediaQuery>;

export const mediaList = defineCall({
  method: 'GET',
  path: 'media',
  query: mediaQuery,
  response: z.object({ media: paginator(mediaItem) }),
  summary: 'The library (or its bin with trashed=1), newest first, searched by name, alt text and tags',
});

const uploaded = z.object({
  name: z.string(),
  /** The item the file became; an item already holding the same bytes when it was there before. */
  item: mediaItem.nullable(),
  duplicate: z.boolean(),
  /** Why this file was refused; the other files are stored all the same. */
  error: z.string().nullable(),
});

export const mediaUpload = defineCall({
  method: 'POST',
  path: 'media/upload',
  multipart: true,
  body: z.object({ folder_id: id.optional() }),
  response: z.object({ data: z.array(uploaded) }),
  summary: 'Stores one or more files (multipart files[], folder_id); each answers its item or its error',
});

export const mediaShow = defineCall({
  method: 'GET',
  path: 'media/show/:id',
  params: idParams,
  response: z.object({
    data: mediaItem.extend({
      /** The records using it that the caller may open. */
      uses: z.array(mediaUse),
      /** How many more records use it, beyond the caller's role or scope: counted, never named. */
      uses_hidden: z.number().int(),
    }),
  }),
  summary: 'One item and the records using it that the caller may open, with a count of the others',
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const mediaUpdateSchema = z.object({
  alt: optionalText(500),
  decorative: z.boolean().optional(),
  caption: optionalText(1000),
  credit: optionalText(255),
  tags: z
    .array(z.string().trim().min(1, 'A tag may not be empty.').max(50, 'Use at most 50 characters.'))
    .max(30, 'Use at most 30 tags.')
    .optional(),
  folder_id: id.nullable().optional(),
  focal_point: focalPoint.optional(),
});
export type MediaUpdateInput = z.input<typeof mediaUpdateSchema>;

export const mediaUpdate = defineCall({
  method: 'POST',
  path: 'media/update/:id',
  params: idParams,
  body: mediaUpdateSchema,
  response: z.object({ data: mediaItem, message: z.string() }),
  summary: 'Describes an item: alt text, decorative, caption, credit, tags, folder, focal point',
});

export const mediaReplace = defineCall({
  method: 'POST',
  path: 'media/replace/:id',
  params: idParams,
  multipart: true,
  body: z.object({}),
  response: z.object({ data: mediaItem, message: z.string() }),
  summary: 'Replaces the file of an item (multipart file), keeping every use',
});

const idsBody = z.object({ ids: idList('item') });

export const mediaDelete = defineCall({
  method: 'POST',
  path: 'media/delete',
  body: idsBody,
  response: messageResponse,
  summary: 'Moves items to the bin',
});

export const mediaRestore = defineCall({
  method: 'POST',
  path: 'media/restore',
  body: idsBody,
  response: messageResponse,
  summary: 'Brings items back from the bin',
});

export const mediaForever = defineCall({
  method: 'POST',
  path: 'media/forever',
  body: idsBody,
  response: messageResponse,
  summary: 'Deletes binned items and their files for good; refused (422) while anything uses them',
});

export const mediaFolders = defineCall({
  method: 'GET',
  path: 'media/folders',
  response: z.object({ data: z.array(mediaFolder) }),
  summary: 'The folders the user may see',
});

export const mediaFolderCreate = defineCall({
  method: 'POST',
  path: 'media/folders/create',
  body: z.object({
    name: z.string('Enter a name.').trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.'),
    brand_id: id.nullable().optional(),
    dealership_id: id.nullable().optional(),
  }),
  response: z.object({ data: mediaFolder, message: z.string() }),
  summary: 'Adds a folder, the group’s or under a brand or dealership',
});

/** Every call of this area, under the name the console's `api.media` gives it. */
export const calls = {
  list: mediaList,
  upload: mediaUpload,
  show: mediaShow,
  update: mediaUpdate,
  replace: mediaReplace,
  delete: mediaDelete,
  restore: mediaRestore,
  forever: mediaForever,
  folders: mediaFolders,
  foldersCreate: mediaFolderCreate,
};
