import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenService } from './tokens';

export const DEVICE_COOKIE = 'console_device';
/** A browser stays known for a year after it last signed in. */
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface Device {
  userId: number;
  deviceId: string;
}

/**
 * A device cookie says "this browser has signed in as this account before" (OWASP's device
 * cookies): signed with the app's secret and bound to the user id, so it cannot be forged or
 * moved to another account.
 */
export function issueDeviceCookie(tokens: TokenService, userId: number): string {
  const deviceId = randomBytes(16).toString('base64url');
  const body = `${userId}.${deviceId}`;
  return `${body}.${tokens.mac('device', body)}`;
}

export function readDeviceCookie(tokens: TokenService, value: string | null): Device | null {
  const match = value ? /^([1-9]\d{0,9})\.([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, user, deviceId, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(tokens.mac('device', `${user}.${deviceId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(user), deviceId };
}
