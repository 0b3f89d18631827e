import type { Db } from '../../db/open';
import { invalid } from '../../http/errors';
import type { Mailer } from '../mail';
import type { UserRow } from '../users';
import { releaseAttempt, reserveAttempt } from './limits';
import { verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';

export const CURRENT_PASSWORD_MISSING = 'Enter your current password to change your e-mail or password.';
export const CURRENT_PASSWORD_WRONG = 'That is not your current password.';
const TOO_MANY_TRIES = 'Too many wrong passwords. Please try again later.';
/** Wrong current passwords allowed per account within the sign-in window. */
const MAX_CURRENT_PASSWORD_FAILURES = 5;

/** What an update does to the sign-in details of the user it saves. */
export interface CredentialChange {
  email: boolean;
  password: boolean;
}

export function credentialChange(
  current: UserRow,
  next: { email: string; password?: string },
): CredentialChange {
  return {
    email: next.email.trim().toLowerCase() !== current.email.trim().toLowerCase(),
    password: Boolean(next.password),
  };
}

const changes = (change: CredentialChange) => change.email || change.password;

/**
 * Someone holding only a signed-in browser must not be able to take the account over: changing
 * your own e-mail or password asks for the password you have now. Wrong answers are limited as
 * sign-ins are.
 */
export async function confirmCurrentPassword(
  db: Db,
  input: { self: boolean; current: UserRow; change: CredentialChange; currentPassword?: string },
): Promise<void> {
  if (!input.self || !changes(input.change)) return;
  if (!input.currentPassword) throw invalid({ current_password: CURRENT_PASSWORD_MISSING });
  const limits = [{ key: `current:${input.current.id}`, max: MAX_CURRENT_PASSWORD_FAILURES }];
  const reservation = await reserveAttempt(db, limits);
  if (!reservation.allowed) throw invalid({ current_password: TOO_MANY_TRIES });
  if (!(await verifyPassword(input.current.passwordHash, input.currentPassword))) {
    throw invalid({ current_password: CURRENT_PASSWORD_WRONG });
  }
  await releaseAttempt(db, limits);
}

/**
 * After a saved change of e-mail or password: the user's sessions end (but the one that made
 * the change, when it was their own), and when someone else made it, the user hears of it at
 * the old address and the new one.
 */
export async function afterCredentialChange(
  db: Db,
  mailer: Mailer,
  input: {
    before: UserRow;
    newEmail: string;
    change: CredentialChange;
    by: { id: number; name: string; sessionId: string };
    log?: (error: unknown) => void;
  },
): Promise<void> {
  const { before, change, by } = input;
  if (!changes(change)) return;
  const self = by.id === before.id;
  await revokeUserSessions(db, [before.id], self ? by.sessionId : undefined);
  if (self) return;
  const what = [change.email ? 'e-mail address' : null, change.password ? 'password' : null]
    .filter(Boolean)
    .join(' and ');
  const to = change.email ? [before.email, input.newEmail] : [before.email];
  const lines = [
    `Hello ${before.name},`,
    '',
    `${by.name} changed the ${what} you sign in to the dealership console with.`,
    change.email ? `Your e-mail address was ${before.email} and is now ${input.newEmail}.` : null,
    'You have been signed out everywhere; sign in again with your new details.',
    'If you did not expect this change, tell your administrator at once.',
  ].filter((line) => line !== null);
  try {
    await mailer.send({
      to,
      subject: `Your ${what} ${change.email && change.password ? 'were' : 'was'} changed`,
      text: lines.join('\n'),
    });
  } catch (error) {
    // The change is saved and the sessions have ended; a mail server that is down must not undo that.
    input.log?.(error);
  }
}
