import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  storageDir: string;
  outboxDir: string;
  databaseUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  jwtSecret: string | null;
  smtpUrl: string | null;
  /** The sender of every mail the product sends. */
  mailFrom: string;
  /** Where the built console lives; null serves the API alone. */
  consoleDir: string | null;
  /** Where clients reach the console and API (`https://console.example.com`); paginator links use it. */
  publicUrl: string | null;
  /** Seconds an access token lives. */
  accessTokenTtl: number;
  /** Seconds a refresh token lives. */
  refreshTokenTtl: number;
  seed: boolean;
  /** Behind a reverse proxy: read the client's address from X-Forwarded-For. */
  trustProxy: boolean;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** An http(s) origin, with an optional path prefix, and no trailing slash; anything else is refused. */
function publicUrlFrom(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got ${value}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: intFrom(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    storageDir: resolve(dataDir, 'storage'),
    outboxDir: resolve(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL || null,
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    jwtSecret: env.JWT_SECRET || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Dealership Console <no-reply@localhost>',
    consoleDir: env.CONSOLE_DIR === '' ? null : resolve(env.CONSOLE_DIR || './dist'),
    publicUrl: publicUrlFrom(env.PUBLIC_URL),
    accessTokenTtl: intFrom(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtl: intFrom(env.REFRESH_TOKEN_TTL, 14 * 24 * 60 * 60),
    seed: env.SEED !== '0',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
