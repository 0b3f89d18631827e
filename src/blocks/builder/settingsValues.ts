import type { z } from 'zod';
import { pageFieldsBase } from '@/api/contract/pageFields';
import type { Page } from '@/api/contract/pages';
import type { FieldMeta } from '@/ui/formProps';
import { requiredFields } from '@/ui/forms/constraint';

type Flag = 0 | 1;

/** The page-wide fields a page and a form share, as the builder edits them (name and slug live in the machine). */
export interface SettingsValues {
  brand_id: number | null;
  meta: { title: string; description: string };
  published: Flag;
  /** As the date-time picker holds it: 'YYYY-MM-DDTHH:mm', or '' when unset. */
  published_at: string;
  /** When it comes down by itself, as the picker holds it; '' when it stays up. */
  unpublish_at: string;
  locked: Flag;
  child_template_id: number | null;
  sort_by: 'sort_order' | 'published_at';
  sort_by_mode: 'asc' | 'desc';
  is_allowed_children: Flag;
  is_tree_recursive: Flag;
  configurables: Page['configurables'];
}

/** Spec §9 defaults: published 0, locked 0, sort_by sort_order, sort_by_mode asc. */
export const DEFAULT_SETTINGS: SettingsValues = {
  brand_id: null,
  meta: { title: '', description: '' },
  published: 0,
  published_at: '',
  unpublish_at: '',
  locked: 0,
  child_template_id: null,
  sort_by: 'sort_order',
  sort_by_mode: 'asc',
  is_allowed_children: 0,
  is_tree_recursive: 0,
  configurables: {},
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A stored time as the picker shows it, in the editor's own time zone: '2026-07-02T08:30:00.000Z'
 * is '2026-07-02T09:30' in London in summer, as the lists show it. A time without an offset ('2026-01-02
 * 09:30:00', as another API may send it) shows as written.
 */
export function pickerTime(value: string | null): string {
  if (!value) return '';
  const text = value.replace(' ', 'T');
  const at = new Date(text);
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) || Number.isNaN(at.getTime())) return text.slice(0, 16);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * What the picker holds ('2026-07-02T09:30', the editor's own time) as the instant it names, so the
 * server stores the moment the editor meant whatever its own time zone. Left as typed when it is
 * not a time, for the server to say so under the field.
 */
export function pickedInstant(value: string): string {
  // A date and time without an offset is read in the browser's time zone.
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** What the builder shows for a stored page or form. */
type StoredSettings = Pick<
  Page,
  | 'brand_id'
  | 'meta'
  | 'published'
  | 'published_at'
  | 'unpublish_at'
  | 'locked'
  | 'child_template_id'
  | 'sort_by'
  | 'sort_by_mode'
  | 'is_allowed_children'
  | 'is_tree_recursive'
  | 'configurables'
>;

export function settingsOf(record: StoredSettings): SettingsValues {
  return {
    brand_id: record.brand_id,
    meta: { title: record.meta.title, description: record.meta.description },
    published: record.published,
    published_at: pickerTime(record.published_at),
    unpublish_at: pickerTime(record.unpublish_at),
    locked: record.locked,
    child_template_id: record.child_template_id,
    sort_by: record.sort_by,
    sort_by_mode: record.sort_by_mode,
    is_allowed_children: record.is_allowed_children,
    is_tree_recursive: record.is_tree_recursive,
    configurables: record.configurables,
  };
}

/**
 * Which fields show the required marker: what the schema refuses blank, plus the fields spec §5
 * names whose control always holds a value (published, a select with a default).
 */
export function requiredMarkers(schema: z.ZodType, always: readonly string[]): Record<string, boolean> {
  const found = requiredFields(schema);
  for (const name of always) found[name] = true;
  return found;
}

/** Field metadata for the shared Field component: its name, required marker and first error. */
export function metaFor(required: Record<string, boolean>, errors: Record<string, string>) {
  return (name: string): FieldMeta => {
    const error = errors[name];
    return {
      name,
      id: `builder-${name}`,
      required: Boolean(required[name]),
      errors: error ? [error] : undefined,
    };
  };
}

/** Spec §5: the page builder's required markers (the slug the server makes included). */
export const PAGE_REQUIRED = requiredMarkers(pageFieldsBase, ['slug', 'published']);
