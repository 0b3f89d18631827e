import type { Db } from './open';

/**
 * The connections a database's lists read through, where it has its own (PostgreSQL). A list binds
 * only its page window (and a form, a filter or a scope) to a statement prepared once per
 * connection. PostgreSQL's default plan cache then plans every call again: with LIMIT and OFFSET
 * unknown, the plan for any values is costed as if it returned a tenth of the table, so the plan
 * for the call's own values always looks cheaper, and making it cost the users list 0.4 ms of the
 * database's CPU per call. The plan is the same either way; on these connections it is made once.
 */
const listConnections = new WeakMap<Db, Db>();

/** Sets the connections `db`'s lists read through (see `listReads`). */
export function readListsThrough(db: Db, lists: Db): void {
  listConnections.set(db, lists);
}

/**
 * Where a list statement of `db` runs: its list connections when it has them, else `db` itself (PGlite,
 * or a transaction, whose statements must stay on its one connection).
 */
export function listReads(db: Db): Db {
  return listConnections.get(db) ?? db;
}
