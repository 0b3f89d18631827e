import { contract } from './contract/all';
import type { CallDef, Method } from './contract/define';
import { type CallPermission, permissionOf } from './contract/permissions';

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
  /** What the call needs of the user (`contract/permissions.ts`): the console draws its controls from it. */
  permission: CallPermission;
}

/** Every call's route, by area and name, as the contract lists them. */
export type CallTable = Record<string, Record<string, CallRoute>>;

export function toCallTable(contract: Record<string, Record<string, CallDef>>): CallTable {
  return Object.fromEntries(
    Object.entries(contract).map(([area, calls]) => [
      area,
      Object.fromEntries(
        Object.entries(calls).map(([name, call]) => {
          const { method, path, auth } = call;
          const permission = permissionOf(call);
          return [
            name,
            auth === undefined ? { method, path, permission } : { method, path, auth, permission },
          ];
        }),
      ),
    ]),
  );
}

/** The whole contract's table, read with the permissions of the same contract modules. */
export function contractCallTable(): CallTable {
  return toCallTable(contract as unknown as Record<string, Record<string, CallDef>>);
}
