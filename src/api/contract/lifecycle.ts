import { z } from 'zod';
import {
  id,
  idList,
  lifecycleType,
  messageResponse,
  optionalId,
  requiredText,
  savedResponse,
  updatedAtField,
} from './common';
import { defineCall } from './define';

type IdsBody<K extends string> = z.ZodObject<{ [P in K]: ReturnType<typeof idList> }>;

/**
 * The bin calls every lifecycle area shares (users, brands, dealerships): the ids travel under
 * the area's own key (`{brands: [...]}`), as spec §7 has them.
 */
export function lifecycleCalls<const K extends string>(key: K, noun: string) {
  const ids = z.object({ [key]: idList(noun) }) as unknown as IdsBody<K>;
  return {
    remove: defineCall({
      method: 'POST',
      path: `${key}/delete`,
      body: ids.extend({ type: lifecycleType }),
      response: messageResponse,
      summary: `Moves ${key} to the bin (type all) or deletes them forever (type trashed)`,
    }),
    restore: defineCall({
      method: 'POST',
      path: `${key}/restore`,
      body: ids,
      response: messageResponse,
      summary: `Restores ${key} from the bin`,
    }),
    sort: defineCall({
      method: 'POST',
      path: `${key}/sort`,
      body: ids,
      response: messageResponse,
      summary: `Saves the order of ${key}: ids in their new order`,
    }),
  };
}

/** What the calls that make a free slug (or handle) from a name take: the record being edited, and its parent. */
export const treeSlugQuery = z.object({
  name: requiredText('Enter a name.'),
  id: id.optional(),
  parent: id.optional(),
});

/**
 * The writes every tree area shares (pages, forms): a new record under a parent (null for the top
 * level), a save against the `updated_at` the builder loaded, and the delete of a record without
 * children. The builder's fields travel under `data`.
 */
export function treeCalls<const K extends string, F extends z.ZodType>(key: K, fields: F) {
  const noun = key.replace(/s$/, '');
  return {
    store: defineCall({
      method: 'POST',
      path: `${key}/store`,
      body: z.object({ data: fields, parent: optionalId }),
      response: savedResponse,
      summary: `Creates a ${noun} under a parent (null for the top level)`,
    }),
    update: defineCall({
      method: 'POST',
      path: `${key}/update`,
      body: z.object({ id, data: fields, updated_at: updatedAtField }),
      response: savedResponse,
      summary: `Updates a ${noun}; a stale updated_at gets 409`,
    }),
    remove: defineCall({
      method: 'POST',
      path: `${key}/delete`,
      body: z.object({ id }),
      response: messageResponse,
      summary: `Deletes a ${noun} that has no children`,
    }),
  };
}
