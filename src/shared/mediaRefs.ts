import type { BlockMedia, PageItem } from '@/api/contract/blocks';
import { CONFIGURABLES_PATH, ITEMS_PATH } from './schema';

/** One library image a page, form or template shows, with the field path its errors go to. */
export interface MediaRef extends BlockMedia {
  /** 'data.items.2.sections.slides.entries.0.fields.image' */
  path: string;
  /** The block's name ('Hero'), or the page-wide fields' handle. */
  where: string;
}

const isMediaRef = (value: unknown): value is BlockMedia =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as { media_id?: unknown }).media_id === 'number';

function refsIn(fields: unknown, path: string, where: string): MediaRef[] {
  if (fields === null || typeof fields !== 'object') return [];
  return Object.entries(fields as Record<string, unknown>).flatMap(([key, value]) =>
    Array.isArray(value)
      ? value.filter(isMediaRef).map((ref) => ({ ...ref, path: `${path}.${key}`, where }))
      : [],
  );
}

/** Every library image of a record's blocks and page-wide fields, in the order they appear. */
export function mediaRefsOf(values: {
  items: readonly PageItem[];
  configurables?: Record<string, { fields?: unknown }> | undefined;
}): MediaRef[] {
  const refs: MediaRef[] = [];
  values.items.forEach((item, i) => {
    for (const [key, section] of Object.entries(item.sections ?? {})) {
      const at = `${ITEMS_PATH}.${i}.sections.${key}`;
      refs.push(...refsIn(section.fields, `${at}.fields`, item.name));
      (section.entries ?? []).forEach((entry, e) => {
        refs.push(...refsIn(entry.fields, `${at}.entries.${e}.fields`, item.name));
      });
    }
  });
  for (const [handle, value] of Object.entries(values.configurables ?? {})) {
    refs.push(...refsIn(value?.fields, `${CONFIGURABLES_PATH}.${handle}.fields`, handle));
  }
  return refs;
}

/** The distinct item ids of some references. */
export const mediaIdsOf = (refs: readonly MediaRef[]): number[] => [...new Set(refs.map((r) => r.media_id))];

function idsIn(fields: unknown, into: Set<number>): void {
  if (fields === null || typeof fields !== 'object') return;
  for (const value of Object.values(fields as Record<string, unknown>))
    if (Array.isArray(value)) for (const ref of value) if (isMediaRef(ref)) into.add(ref.media_id);
}

/** The library item ids one block shows, without the paths (what a preview reads, for each block). */
export function mediaIdsOfItem(item: PageItem): number[] {
  const ids = new Set<number>();
  for (const section of Object.values(item.sections ?? {})) {
    idsIn(section.fields, ids);
    for (const entry of section.entries ?? []) idsIn(entry.fields, ids);
  }
  return [...ids];
}
