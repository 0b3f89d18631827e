import type { PageItem } from '@/api/contract/blocks';
import { HOMEPAGE_SLUG } from '@/api/contract/pageFields';
import type { BuilderDraft } from '@/machines/builder';
import { pickedInstant } from './settingsValues';

/** What every builder's store and update calls send as `data`, whatever the record. */
export type RecordData<V> = Omit<V, 'published_at' | 'unpublish_at'> & {
  name: string;
  items: PageItem[];
  /** Only a page that is the homepage sends its slug: the server makes every other one from the name. */
  slug?: typeof HOMEPAGE_SLUG;
} & (V extends { published_at: string } ? { published_at: string | null } : unknown) &
  (V extends { unpublish_at: string } ? { unpublish_at: string | null } : unknown);

/**
 * The `data` of a page's, form's or template's store and update call, built once: the screen's
 * own fields, the name and blocks from the builder, publish and unpublish times only when the
 * record is published (spec §4 Page published), as instants, and nothing the server makes itself.
 */
export function recordData<V extends object>(values: V, draft: BuilderDraft): RecordData<V> {
  const published =
    'published' in values && 'published_at' in values
      ? {
          published_at:
            values.published === 1 && values.published_at ? pickedInstant(String(values.published_at)) : null,
        }
      : {};
  const unpublished =
    'published' in values && 'unpublish_at' in values
      ? {
          unpublish_at:
            values.published === 1 && values.unpublish_at ? pickedInstant(String(values.unpublish_at)) : null,
        }
      : {};
  return {
    ...values,
    ...published,
    ...unpublished,
    name: draft.name,
    items: [...draft.items],
    ...(draft.slug === HOMEPAGE_SLUG ? { slug: HOMEPAGE_SLUG } : {}),
  } as RecordData<V>;
}
