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
import { type CallDef, defineCall } from './define';

type IdsBody<K extends string> = z.ZodObject<{ [P in K]: ReturnType<typeof idList> }>;

/**
 * The bin calls every lifecycle area shares (users, brands, dealerships): the ids travel under
 * the area's own key (`{brands: [...]}`), as spec §7 has them. A module exports them as `bin`;
 * that is what makes it a lifecycle area (see `lifecycleAreas` in all.ts).
 */
export function lifecycleCalls<const K extends string>(key: K, noun: string) {
  const ids = z.object({ [key]: idList(noun) }) as unknown as IdsBody<K>;
  return {
    key,
    noun,
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

/**
 * A list with a bin as its contract module declares it: the key its calls' paths start with and its
 * ids travel under, what one record is called, and the calls of its list.
 */
export interface LifecycleArea<K extends string = string> {
  key: K;
  /** 'brand': what the bin's refusals and confirmations call one record. */
  noun: string;
  /** Both tabs, searched and paged (`GET brands`). */
  list: CallDef;
  /** To the bin (type `all`) or, from it, forever (type `trashed`). */
  remove: CallDef;
  restore: CallDef;
  /** The drag order, for an area ordered by hand; null for one listed newest first. */
  sort: CallDef | null;
}

/** The lifecycle area of a contract module that exports its `bin`, with the calls its `calls` list. */
export function lifecycleArea<const K extends string>(module: {
  bin: { key: K; noun: string };
  calls: { list: CallDef; delete: CallDef; restore: CallDef; sort?: CallDef };
}): LifecycleArea<K> {
  const { bin, calls } = module;
  return {
    key: bin.key,
    noun: bin.noun,
    list: calls.list,
    remove: calls.delete,
    restore: calls.restore,
    sort: calls.sort ?? null,
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
export function treeCalls<
  const K extends string,
  F extends z.ZodType,
  S extends z.ZodType = typeof savedResponse,
>(
  key: K,
  fields: F,
  /** What a store or update answers: by default its id and message. */
  saved: S = savedResponse as unknown as S,
) {
  const noun = key.replace(/s$/, '');
  return {
    store: defineCall({
      method: 'POST',
      path: `${key}/store`,
      body: z.object({ data: fields, parent: optionalId }),
      response: saved,
      summary: `Creates a ${noun} under a parent (null for the top level)`,
    }),
    update: defineCall({
      method: 'POST',
      path: `${key}/update`,
      body: z.object({ id, data: fields, updated_at: updatedAtField }),
      response: saved,
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
