import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { MAX_SERIAL_ID } from '../../db/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  /** User id. */
  sub: number;
  /** Session id: logout and reuse detection revoke it, and every request checks it. */
  sid: string;
}

export interface TokenService {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
  /** A keyed digest (base64url) under the app's secret, for values the server must recognise later. */
  mac(purpose: string, value: string): string;
  /**
   * A link token for one purpose (the JWT audience), naming `subject`, valid until `expiresAt`:
   * signed with the same key as access tokens, yet never accepted as one (nor one as it).
   */
  signFor(purpose: string, subject: string, expiresAt: Date): Promise<string>;
  /** The subject of a valid, unexpired token of that purpose, else null. */
  verifyFor(purpose: string, token: string): Promise<string | null>;
  ttl: number;
}

/** The signing secret: JWT_SECRET, else a random 256-bit key kept in the data directory. */
export function loadSecret(explicit: string | null, file: string | null): Uint8Array {
  if (explicit) return new TextEncoder().encode(explicit);
  if (!file) return randomBytes(32);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const secret = randomBytes(32);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
  return secret;
}

/** Verified tokens kept at most: a signed-in console sends the same token on every call. */
const VERIFIED_KEPT = 1000;

export function createTokenService(secret: Uint8Array, ttl: number): TokenService {
  // Checking a signature costs more than the rest of a cached session check; a token's claims never
  // change, only its expiry comes, so a verified token is kept with its expiry and checked by that.
  const verified = new Map<string, { claims: AccessClaims; expiresMs: number }>();
  return {
    ttl,
    mac: (purpose, value) => createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url'),
    signFor: (purpose, subject, expiresAt) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(purpose)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret),
    async verifyFor(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience: purpose });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
    sign: ({ sub, sid }) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(sub))
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`)
        .sign(secret),
    async verify(token) {
      const kept = verified.get(token);
      if (kept) {
        if (Date.now() < kept.expiresMs) return kept.claims;
        verified.delete(token);
      }
      try {
        // Only HS256: tokens with `alg: none` or any other algorithm are refused.
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        const sub = Number(payload.sub);
        // Both are looked up in the database (int id, uuid): anything else would fail the query, not the check.
        if (
          payload.aud !== undefined ||
          !Number.isSafeInteger(sub) ||
          sub < 1 ||
          sub > MAX_SERIAL_ID ||
          typeof payload.sid !== 'string' ||
          !UUID.test(payload.sid)
        ) {
          return null;
        }
        const claims = { sub, sid: payload.sid };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_KEPT) verified.clear();
          verified.set(token, { claims, expiresMs: payload.exp * 1000 });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/** Opaque refresh tokens: random, stored only as their SHA-256. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
