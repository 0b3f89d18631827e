/**
 * Moves away that are no link and no step through the history (the account menu's Profile and
 * Logout) ask the screen first: one with unsaved work asks the user, and the move happens only if
 * they choose to leave.
 */

/** Answers true when it holds the move up; it then calls `go` once the user chooses to leave. */
export type LeaveGuard = (go: () => void) => boolean;

const guards = new Set<LeaveGuard>();

/** Lets `guard` hold up every move made through `leaveThen`, until the answered function is called. */
export function guardLeaving(guard: LeaveGuard): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}

/** Runs `go` now, or, when a screen holds the move up, once the user has chosen to leave. */
export function leaveThen(go: () => void): void {
  for (const guard of guards) if (guard(go)) return;
  go();
}
