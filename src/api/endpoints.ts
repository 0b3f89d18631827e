import { endpoint } from './client';
import { contract } from './contract/all';
import type { CallDef, CallInput, CallOutput } from './contract/define';

type Endpoints<T extends Record<string, CallDef>> = {
  [K in keyof T]: (input: CallInput<T[K]>) => Promise<CallOutput<T[K]>>;
};

/** The console's API: one typed function per call, named and grouped as the contract modules list them. */
export type Api = { [A in keyof typeof contract]: Endpoints<(typeof contract)[A]> };

function endpoints<T extends Record<string, CallDef>>(calls: T): Endpoints<T> {
  // Each entry is endpoint(call) for its own call, which is what Endpoints<T> says key by key.
  return Object.fromEntries(
    Object.entries(calls).map(([name, call]) => [name, endpoint(call)]),
  ) as unknown as Endpoints<T>;
}

/**
 * One typed function per call of spec §7: `await api.brands.list({ query: { search, page } })`.
 * Inputs and answers are typed by the contract; failures throw ApiError.
 */
export const api = Object.fromEntries(
  Object.entries(contract).map(([area, calls]) => [area, endpoints(calls)]),
) as Api;
