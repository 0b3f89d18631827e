import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  storageDir: string;
  outboxDir: string;
  /** Where export files are built before they are mailed. */
  exportsDir: string;
  databaseUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  jwtSecret: string | null;
  smtpUrl: string | null;
  /** The sender of every mail the product sends. */
  mailFrom: string;
  /** Where the built console lives; null serves the API alone. */
  consoleDir: string | null;
  /** Seconds an access token lives. */
  accessTokenTtl: number;
  /** Seconds a refresh token lives. */
  refreshTokenTtl: number;
  seed: boolean;
  /**
   * Seconds a job may run before another worker takes it over (PostgreSQL): how long a job whose
   * process died waits. Longer than the longest export.
   */
  jobExpireSeconds: number;
  /** Signs the card payment provider's webhook events; without it the webhook answers 404. */
  paymentsWebhookSecret: string | null;
  /** Behind a reverse proxy: read the client's address from X-Forwarded-For. */
  trustProxy: boolean;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: intFrom(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    storageDir: resolve(dataDir, 'storage'),
    outboxDir: resolve(dataDir, 'outbox'),
    exportsDir: resolve(dataDir, 'exports'),
    databaseUrl: env.DATABASE_URL || null,
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    jwtSecret: env.JWT_SECRET || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Dealership Console <no-reply@localhost>',
    consoleDir: env.CONSOLE_DIR === '' ? null : resolve(env.CONSOLE_DIR || './dist'),
    accessTokenTtl: intFrom(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtl: intFrom(env.REFRESH_TOKEN_TTL, 14 * 24 * 60 * 60),
    seed: env.SEED !== '0',
    jobExpireSeconds: intFrom(env.JOB_EXPIRE_SECONDS, 60 * 60),
    paymentsWebhookSecret: env.PAYMENTS_WEBHOOK_SECRET || null,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
