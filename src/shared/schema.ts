import { z } from 'zod';
import { blockFileValue, type PageItem } from '@/api/contract/blocks';
import type { BuilderField, BuilderItem, BuilderSection } from '@/api/contract/builder';
import { type Catalogue, own } from './catalogue';
import { CANNOT_HIDE, type HidingOf, hidingErrors } from './hiding';

/** Longest text each kind of field keeps: a line, a paragraph or two, a whole article in markdown. */
export const MAX_LENGTH = { text: 255, textarea: 5_000, trix: 100_000 } as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const empty = z.union([z.null(), z.literal('')]);

const longText = (max: number) =>
  z.string('Enter text.').max(max, `Use at most ${max.toLocaleString('en-GB')} characters.`);

/** What one field may hold; every field may also be left empty. */
export function fieldSchema(field: BuilderField): z.ZodType {
  switch (field.type) {
    case 'text':
      return longText(MAX_LENGTH.text).nullish();
    case 'textarea':
      return longText(MAX_LENGTH.textarea).nullish();
    case 'trix':
      return longText(MAX_LENGTH.trix).nullish();
    case 'select': {
      const values = (field.options ?? []).map((option) => option.value);
      const chosen = z
        .string('Choose one of the options.')
        .refine((v) => values.includes(v), 'Choose one of the options.');
      return empty.or(chosen).optional();
    }
    case 'date':
      return empty.or(z.string('Enter a date.').refine(isIsoDate, 'Enter a valid date.')).optional();
    case 'files': {
      const max = field.max ?? 1;
      return z
        .array(blockFileValue, 'Pick the image again.')
        .max(max, max === 1 ? 'Pick at most 1 image.' : `Pick at most ${max} images.`)
        .nullish();
    }
  }
}

/** The values of a section's fields; keys the definition does not name are kept untouched. */
export function fieldsSchema(fields: Record<string, BuilderField>) {
  return z
    .object(Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, fieldSchema(field)])))
    .loose();
}

const hiddenFlag = (hideable: boolean) =>
  hideable ? z.boolean().optional() : z.literal(false, CANNOT_HIDE).optional();

/** One section's stored values: its fields, or its entries when repeatable, and whether it is hidden. */
export function sectionSchema(section: BuilderSection, hideable: boolean) {
  const fields = fieldsSchema(section.fields);
  return z
    .object({
      hidden: hiddenFlag(hideable),
      fields: section.repeatable ? z.unknown() : fields.optional(),
      entries: section.repeatable
        ? z.array(z.object({ opened: z.boolean().optional(), fields: fields.optional() }).loose()).optional()
        : z.unknown(),
    })
    .loose();
}

/** Built once per definition: building a schema costs far more than checking an item with it. */
const itemSchemas = new WeakMap<BuilderItem, z.ZodType>();

/** A placed block checked against its type's definition. */
export function itemSchema(definition: BuilderItem): z.ZodType {
  let schema = itemSchemas.get(definition);
  if (!schema) {
    schema = buildItemSchema(definition);
    itemSchemas.set(definition, schema);
  }
  return schema;
}

function buildItemSchema(definition: BuilderItem) {
  const hideableSections = new Set(definition.hideable.sections);
  return z
    .object({
      hidden: hiddenFlag(definition.hideable.item),
      sections: z
        .object(
          Object.fromEntries(
            Object.entries(definition.sections).map(([key, section]) => [
              key,
              sectionSchema(section, hideableSections.has(key)).optional(),
            ]),
          ),
        )
        .loose()
        .optional(),
    })
    .loose();
}

/** Field errors keyed by dotted path, the first message for each. */
export type FieldErrors = Record<string, string>;

/**
 * Where a save's blocks sit in its request body (`{data: {items: [...]}}`), and so where the field
 * paths of their errors start, in the API's 422 answers and in the builder that shows them:
 * 'data.items.3.sections.content.fields.title', as the contract's own errors name the body
 * ('data.items.3.name', 'data.meta.title').
 */
export const ITEMS_PATH = 'data.items';

/** Where a save's page-wide fields sit in its request body, beside its items. */
export const CONFIGURABLES_PATH = 'data.configurables';

/** Checks one placed block; paths start at the item ('sections.slides.entries.0.fields.image'). */
export function validateItem(item: unknown, definition: BuilderItem, base = ''): FieldErrors {
  const result = itemSchema(definition).safeParse(item);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = [base, ...issue.path.map(String)].filter(Boolean).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

export interface ItemsCheck {
  /** Field errors keyed by dotted path from `base` ('data.items.3.sections.slides.entries.0.fields.image'). */
  errors: FieldErrors;
  /** Positions of items whose block type the catalogue does not have: kept as they are, shown as such. */
  unknown: number[];
}

/**
 * Checks every placed block against the catalogue, and its hidden flags against its own hideable
 * flags, as the editor and the API do before a save.
 */
export function validateItems(
  items: readonly (Pick<PageItem, 'index'> & HidingOf)[],
  catalogue: Catalogue,
  base = ITEMS_PATH,
): ItemsCheck {
  const errors: FieldErrors = {};
  const unknown: number[] = [];
  items.forEach((item, position) => {
    const definition = own(catalogue, item.index);
    if (!definition) {
      unknown.push(position);
      return;
    }
    const at = `${base}.${position}`;
    Object.assign(errors, hidingErrors(item, at), validateItem(item, definition, at));
  });
  return { errors, unknown };
}
