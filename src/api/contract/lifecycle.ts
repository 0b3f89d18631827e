import { z } from 'zod';
import { idList, lifecycleType, messageResponse } from './common';
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
