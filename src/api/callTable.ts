import type { CallDef, Method } from './contract/define';

/**
 * What the console needs at run time to make a call: its method, its path and whether it signs
 * in. The schemas stay with the server, which validates every call, and with the forms that
 * import them to validate before saving; the console's calls are typed by the contract alone.
 */
export interface CallRoute {
  method: Method;
  path: string;
  /** False for the few calls that work without a token (login, refresh). */
  auth?: boolean;
}

/** Every call's route, by area and name, as the contract lists them. */
export type CallTable = Record<string, Record<string, CallRoute>>;

export function toCallTable(contract: Record<string, Record<string, CallDef>>): CallTable {
  return Object.fromEntries(
    Object.entries(contract).map(([area, calls]) => [
      area,
      Object.fromEntries(
        Object.entries(calls).map(([name, { method, path, auth }]) => [
          name,
          auth === undefined ? { method, path } : { method, path, auth },
        ]),
      ),
    ]),
  );
}
