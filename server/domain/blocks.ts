import type { z } from 'zod';
import { type PageItem, type pageConfigurables, pageItem } from '@/api/contract/blocks';
import { CATALOGUE, configurablesFor, own } from '@/shared/catalogue';
import {
  CONFIGURABLES_PATH,
  type FieldErrors,
  fieldsSchema,
  ITEMS_PATH,
  validateItems,
} from '@/shared/schema';
import { invalid } from '../http/errors';

type Configurables = z.output<typeof pageConfigurables>;

/** An item whose block type the catalogue no longer has, sent other than as it was stored. */
export const UNKNOWN_BLOCK =
  'This block is no longer offered: it can be kept as it was or removed, not changed or added.';
/** Page-wide fields the catalogue does not offer for the route they name, sent other than as stored. */
export const UNKNOWN_CONFIGURABLE =
  'These page-wide fields are not offered for this route: they can be kept as they were or removed.';

/** JSON with object keys in order, so two values compare equal however their keys were written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A stored item as the contract reads it (defaults filled), so it compares with a parsed one. */
function normalised(item: unknown): string {
  const parsed = pageItem.safeParse(item);
  return canonical(parsed.success ? parsed.data : item);
}

/**
 * Stored items as the contract answers them, defaults filled in: a row written by hand or before
 * a default existed still loads into the builder, its content unchanged.
 */
export function readItems(items: readonly unknown[]): PageItem[] {
  return items.map((item) => {
    const parsed = pageItem.safeParse(item);
    return parsed.success ? parsed.data : (item as PageItem);
  });
}

/**
 * Checks placed blocks against the catalogue with the editor's schema (src/shared/schema.ts).
 * A block whose type the catalogue no longer has is kept only as it was stored (the same
 * content, anywhere in the list, as many times as it was stored); a new or changed one is
 * refused at `data.items.<n>.index` (docs/decisions/010-unknown-blocks.md).
 */
export function itemErrors(items: readonly PageItem[], stored: readonly unknown[]): FieldErrors {
  const { errors, unknown } = validateItems(items, CATALOGUE);
  if (unknown.length === 0) return errors;
  const kept = new Map<string, number>();
  for (const item of stored) {
    const key = normalised(item);
    kept.set(key, (kept.get(key) ?? 0) + 1);
  }
  for (const position of unknown) {
    const key = canonical(items[position]);
    const left = kept.get(key) ?? 0;
    if (left > 0) kept.set(key, left - 1);
    else errors[`${ITEMS_PATH}.${position}.index`] ??= UNKNOWN_BLOCK;
  }
  return errors;
}

/**
 * Checks a page's configurables: each handle must be offered for the route it names, and its
 * fields hold what their types allow. One the catalogue no longer offers is kept as stored.
 */
export function configurableErrors(values: Configurables, stored: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const before = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  for (const [handle, value] of Object.entries(values)) {
    const definition = configurablesFor(value.route).find((c) => c.handle === handle);
    if (!definition) {
      const previous = own(before, handle);
      if (previous === undefined || canonical(previous) !== canonical(value)) {
        errors[`${CONFIGURABLES_PATH}.${handle}`] = UNKNOWN_CONFIGURABLE;
      }
      continue;
    }
    const result = fieldsSchema(definition.fields).safeParse(value.fields);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      errors[[CONFIGURABLES_PATH, handle, 'fields', ...issue.path.map(String)].join('.')] ??= issue.message;
    }
  }
  return errors;
}

/** A stored block's id, index and hideable flags, whatever shape it was stored in. */
function storedBlock(item: unknown): { id?: unknown; index?: unknown; hideable?: unknown } {
  return item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
}

/**
 * The blocks of a save with the hideable flags they may have (spec §3 Page item: the flags are the
 * block's own, not the client's to widen).
 *
 * - A block already stored (the same id and type) keeps its stored flags: they are read-only, so a
 *   changed value sent with it is ignored, as the builder sends them back as it loaded them. Hiding
 *   it is then checked against what it was placed with, and refused at `data.items.N.hidden`.
 * - A new block takes at most the flags the builder places it with, its type's definition in the
 *   catalogue (src/shared/items.ts `blankItem`): narrower flags are kept (an imported form field
 *   that always shows), wider ones are cut back. A block of a type the catalogue does not have is
 *   left as sent: it is kept only as it was stored (`itemErrors`).
 */
export function withHeldFlags<T extends PageItem>(items: readonly T[], stored: readonly unknown[]): T[] {
  const before = new Map<string, { index: unknown; hideable: unknown }>();
  for (const item of stored) {
    const { id, index, hideable } = storedBlock(item);
    if (typeof id === 'string' && !before.has(id)) before.set(id, { index, hideable });
  }
  const taken = new Set<string>();
  return items.map((item) => {
    const was = item.id === undefined || taken.has(item.id) ? undefined : before.get(item.id);
    if (item.id !== undefined) taken.add(item.id);
    if (was && was.index === item.index) {
      const parsed = pageItem.shape.hideable.safeParse(was.hideable);
      return { ...item, hideable: parsed.success ? parsed.data : { item: false, sections: [] } };
    }
    const definition = own(CATALOGUE, item.index);
    if (!definition) return item;
    const offered = new Set(definition.hideable.sections);
    return {
      ...item,
      hideable: {
        item: item.hideable.item && definition.hideable.item,
        sections: item.hideable.sections.filter((key) => offered.has(key)),
      },
    };
  });
}

/**
 * Refuses with 422 what the editor's schema refuses, each error at its path in the request body
 * (`{data: values}`): 'data.items.2.sections.content.fields.title', 'data.configurables.homepage'.
 */
export function checkBlocks(
  values: { items: readonly PageItem[]; configurables?: Configurables },
  stored: { items: readonly unknown[]; configurables?: unknown } = { items: [] },
): void {
  const errors = {
    ...itemErrors(values.items, stored.items),
    ...(values.configurables ? configurableErrors(values.configurables, stored.configurables) : {}),
  };
  if (Object.keys(errors).length > 0) throw invalid(errors);
}
