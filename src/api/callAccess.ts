import { callTable } from 'virtual:api-call-table';
import type { contract } from './contract/all';
import type { CallPermission } from './contract/permissions';

type Contract = typeof contract;

/** A contract call by its area and name, as `api` has it: 'users.create', 'pages.publishable'. */
export type CallName = {
  [A in keyof Contract]: `${A & string}.${keyof Contract[A] & string}`;
}[keyof Contract];

/**
 * What a call needs of the user, read from the same table the server checks (contract/permissions.ts,
 * built into the call table): a control asks for the call it makes, so the two cannot drift.
 */
export function callPermission(name: CallName): CallPermission {
  const [area, call] = name.split('.') as [string, string];
  const route = callTable[area]?.[call];
  if (!route) throw new Error(`No call ${name} in the contract`);
  return route.permission;
}
