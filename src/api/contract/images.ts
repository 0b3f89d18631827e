import { z } from 'zod';

/** One rendition of an image: a format at a width, at an address that never changes its bytes. */
export const siteRendition = z.object({
  format: z.enum(['avif', 'webp', 'jpeg']),
  width: z.number().int(),
  url: z.string(),
});

/**
 * A file a block shows: where a browser fetches it and the name it was uploaded under. An image
 * from the library adds its text alternative, its size as the block shows it (cropped to the
 * block's aspect), its focal point and its renditions (AVIF, WebP and JPEG at several widths), so
 * a site can offer each reader the right file and keep the layout still while it loads.
 */
export const siteFile = z.object({
  url: z.string(),
  name: z.string(),
  alt: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  focal_point: z.object({ x: z.number(), y: z.number() }).nullable().optional(),
  renditions: z.array(siteRendition).optional(),
});
export type SiteFile = z.infer<typeof siteFile>;

/**
 * A library image a record holds (a brand's logo, a dealership's images, a user's avatar), answered
 * as a site shows it, with the item's id: the console shows it without reading the library.
 */
export const recordImage = siteFile.extend({ id: z.number().int() });
export type RecordImage = z.infer<typeof recordImage>;

const PICK_MESSAGE = 'Pick an image from the library.';

/** A library item's id as a field sends it: a whole number from 1 (or its decimal spelling). */
const pickedId = z
  .union(
    [
      z.number(PICK_MESSAGE),
      z
        .string(PICK_MESSAGE)
        .regex(/^[1-9][0-9]{0,9}$/, PICK_MESSAGE)
        .transform(Number),
    ],
    {
      error: PICK_MESSAGE,
    },
  )
  .pipe(z.number().int(PICK_MESSAGE).positive(PICK_MESSAGE).max(2_147_483_647, PICK_MESSAGE));

/** A record's one image: a library item's id, or nothing (blank, 0 and null are nothing). */
export const optionalMediaId = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : v),
  pickedId.nullable(),
);

/** A record's list of images: library items' ids, each at most once, at most `max` of them. */
export const mediaIds = (max: number, what: string) =>
  z
    .array(pickedId, PICK_MESSAGE)
    .max(max, `Use at most ${max} ${max === 1 ? what : `${what}s`}.`)
    .default([])
    .transform((ids) => [...new Set(ids)]);
