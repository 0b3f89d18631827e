import { z } from 'zod';
import { configKey } from './builder';
import { idNumber, requiredText } from './common';

// What a placed block holds (spec §3 Page item), shared by pages, forms and templates.

/** A file held by a block field: where it is stored (always under /storage, never climbing out) and its name. */
export const blockFile = z.object({
  path: z
    .string()
    .max(500)
    .regex(/^\/storage\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?$/, 'Upload the file again.'),
  name: z.string().max(255),
});

/**
 * An image of the media library held by a block field: the item's id, and the text alternative it
 * has here when it should say something other than the item's own alt text.
 */
export const blockMedia = z.object({
  media_id: idNumber('Pick the image again.'),
  alt: z.string().trim().max(500, 'Use at most 500 characters.').optional(),
});
export type BlockMedia = z.infer<typeof blockMedia>;

/** A file of a files field: a library item, or a file stored before the library (kept as it is). */
export const blockFileValue = z.union([blockMedia, blockFile]);

/**
 * What one block field holds: text for text, textarea, select, date and trix (markdown), a list
 * of library images for files. Checked against the block's definition by src/shared/schema.ts, not here.
 */
export const fieldValue = z.union([
  z.string().max(100_000, 'Use at most 100,000 characters.'),
  z.array(blockFileValue).max(50),
  z.null(),
]);
export const fieldValues = z.record(configKey, fieldValue);
export type FieldValue = z.infer<typeof fieldValue>;

/** One entry of a repeatable section; `opened` remembers whether the editor shows it expanded. */
export const sectionEntry = z.object({
  opened: z.boolean().default(false),
  fields: fieldValues.default({}),
});

/** Values of one section: `fields` when it is plain, `entries` when it is repeatable. */
export const itemSection = z.object({
  hidden: z.boolean().default(false),
  fields: fieldValues.default({}),
  entries: z.array(sectionEntry).max(500, 'Add at most 500 entries.').default([]),
});
export type ItemSection = z.infer<typeof itemSection>;

/**
 * A content block placed on a page (spec §3 Page item). `index` names its block type; `id` says
 * which block it is across saves and moves (the server gives one to a block sent without it).
 */
export const pageItem = z.object({
  id: z.uuid('Send the block\u2019s id as it was given.').optional(),
  index: configKey.min(1, 'Choose a block.'),
  name: requiredText('Enter a block name.'),
  hideable: z
    .object({ item: z.boolean().default(false), sections: z.array(configKey).max(100).default([]) })
    .prefault({}),
  hidden: z.boolean().default(false),
  sections: z.record(configKey, itemSection).default({}),
});
export type PageItem = z.infer<typeof pageItem>;

/** Field values of the configurables a page uses, per configurable handle, with the route they apply to. */
export const pageConfigurables = z.record(
  configKey,
  z.object({ route: z.string().max(500), fields: fieldValues.default({}) }),
);
