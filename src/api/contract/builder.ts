import { z } from 'zod';
import { emailField } from './common';
import { defineCall } from './define';

/** Identifier of a block type (a page item's `index`), a section or a field: a config key. */
export const configKey = z
  .string()
  .max(100, 'Use at most 100 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, numbers, hyphens and underscores only.');

export const fieldType = z.enum(['text', 'textarea', 'select', 'files', 'date', 'trix']);
export type FieldType = z.infer<typeof fieldType>;

/** One field of a builder section; select has options, files has a max count. */
export const builderField = z.object({
  name: z.string(),
  type: fieldType,
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  max: z.number().int().positive().optional(),
});
export type BuilderField = z.infer<typeof builderField>;

/** A section of a block; a repeatable section holds a list of entries, `phrase` names one ('Add slide'). */
export const builderSection = z.object({
  name: z.string(),
  phrase: z.string().optional(),
  repeatable: z.boolean(),
  fields: z.record(configKey, builderField),
});
export type BuilderSection = z.infer<typeof builderSection>;

/** A block type the builder offers (spec §3 Builder item definition). */
export const builderItem = z.object({
  name: z.string(),
  /** Whether the whole item may be hidden, and which sections may. */
  hideable: z.object({ item: z.boolean(), sections: z.array(configKey) }),
  sections: z.record(configKey, builderSection),
});
export type BuilderItem = z.infer<typeof builderItem>;

/** Page-wide settings a route or slug offers, edited beside the items (spec §3 Configurable). */
export const configurable = z.object({
  name: z.string(),
  handle: configKey,
  fields: z.record(configKey, builderField),
});
export type Configurable = z.infer<typeof configurable>;

/** The import form (spec §2 Pages import): its text fields, as builder/imports/run reads them. */
export const importFields = z.object({
  email: emailField,
  provider: z.string('Choose a provider.').trim().min(1, 'Choose a provider.').max(100, 'Choose a provider.'),
});
/**
 * The import form in the console: the text fields and the attached spreadsheet. The browser holds
 * the file until the form posts (multipart `import`); the form carries a token that names it.
 */
export const importFormSchema = importFields.extend({
  import: z.string('Choose a file to import.').trim().min(1, 'Choose a file to import.'),
});
export type ImportInput = z.input<typeof importFormSchema>;

export const builderItems = defineCall({
  method: 'GET',
  path: 'builder/items',
  response: z.object({ data: z.record(configKey, builderItem) }),
  summary: 'Every block type the builder offers, keyed by its index',
});

export const builderConfigurables = defineCall({
  method: 'GET',
  path: 'builder/configurables/get',
  query: z.object({ slug: z.string().trim().min(1, 'Give a slug.').max(500) }),
  // Shape not shown by the spec: the configurables that apply to the slug, as a list.
  response: z.object({ data: z.array(configurable) }),
  summary: 'Configurables offered for a page slug or route',
});

/** One column of a provider's sheet, as its header must read. */
export const importColumn = z.object({ header: z.string(), required: z.boolean(), description: z.string() });

/** A way of importing a spreadsheet: what it creates and the columns it reads. */
export const importProvider = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['page', 'form']),
  description: z.string(),
  columns: z.array(importColumn),
  /** A workbook with the headers and example rows, to start from. */
  sample_url: z.string(),
});
export type ImportProvider = z.infer<typeof importProvider>;

export const builderImportProviders = defineCall({
  method: 'GET',
  path: 'builder/imports/providers',
  // `data` is the spec's map of providers (key to label); `providers` documents each one's columns.
  response: z.object({ data: z.record(z.string(), z.string()), providers: z.array(importProvider) }),
  summary: 'Import providers: key to label, and the columns each reads',
});

export const builderImportRun = defineCall({
  method: 'POST',
  path: 'builder/imports/run',
  multipart: true,
  body: importFields,
  response: z.object({ message: z.string(), import_id: z.number().int().optional() }),
  summary: 'Queues an import of one .xlsx (multipart: import, provider, email); the result is e-mailed',
});

/** Every call of this area, under the name the console's `api.builder` gives it. */
export const calls = {
  items: builderItems,
  configurables: builderConfigurables,
  importProviders: builderImportProviders,
  runImport: builderImportRun,
};
