import { callTable } from 'virtual:api-call-table';
import { endpoint } from './client';
import type { contract } from './contract/all';
import type { CallDef, CallInput, CallOutput } from './contract/define';

type Endpoints<T extends Record<string, CallDef>> = {
  [K in keyof T]: (input: CallInput<T[K]>) => Promise<CallOutput<T[K]>>;
};

/** The console's API: one typed function per call, named and grouped as the contract modules list them. */
export type Api = { [A in keyof typeof contract]: Endpoints<(typeof contract)[A]> };

/**
 * One typed function per call of spec §7: `await api.brands.list({ query: { search, page } })`.
 * Inputs and answers are typed by the contract; failures throw ApiError. At run time each is built
 * from the call table (scripts/callTable.ts), so the contract's schemas are not built to call.
 */
// The table holds the contract's calls by the same areas and names, which is what Api says of each.
export const api = Object.fromEntries(
  Object.entries(callTable).map(([area, calls]) => [
    area,
    Object.fromEntries(Object.entries(calls).map(([name, route]) => [name, endpoint(route)])),
  ]),
) as unknown as Api;
