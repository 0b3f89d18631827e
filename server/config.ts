import { resolve } from 'node:path';
import type { S3Config } from './domain/s3Storage';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  storageDir: string;
  /** An S3-compatible bucket for stored files (S3_ENDPOINT, S3_BUCKET, keys); null keeps them in storageDir. */
  s3: S3Config | null;
  outboxDir: string;
  /** Where export files are built before they are mailed. */
  exportsDir: string;
  /** Where uploaded spreadsheets wait for their import job. */
  importsDir: string;
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
  /**
   * Seconds a job may run before another worker takes it over (PostgreSQL): how long a job whose
   * process died waits. Longer than the longest export.
   */
  jobExpireSeconds: number;
  /**
   * Retries of a mail that failed (MAIL_RETRIES), each after twice the wait of the one before,
   * from about 2 s: the default 10 keeps trying for half an hour to an hour before it shows as failed.
   */
  mailRetries: number;
  /** Stripe's signing secret for the webhook endpoint (whsec_...); without it the webhook answers 404. */
  stripeWebhookSecret: string | null;
  /** Stripe's secret API key (sk_... or rk_...), for refunds made from the console; null: no refunds. */
  stripeSecretKey: string | null;
  /**
   * Where Stripe's API is reached (STRIPE_API_BASE): Stripe itself unless set; tests and local
   * development point it at a stand-in that answers as Stripe does.
   */
  stripeApiBase: StripeApiBase | null;
  /** Origins whose pages may read the delivery API (`/api/site/*`) from a browser (SITE_ORIGINS). */
  siteOrigins: string[];
  /**
   * Which proxies may name the client in X-Forwarded-For: a number of hops in front of the
   * server, or the proxies' own addresses and ranges; false reads the socket's address only.
   */
  trustProxy: TrustProxy;
  /** The console was built with a Google Maps key (VITE_MAPS_KEY): its page may load Google's script. */
  mapsEnabled: boolean;
  /** The API base the console was built with (VITE_API_URL), when it is another origin. */
  consoleApiUrl: string | null;
  /** The newest revisions of a record always kept (HISTORY_KEEP_LAST). */
  historyKeepLast: number;
  /** Beyond those, one revision a day is kept for this many days (HISTORY_KEEP_DAYS). */
  historyKeepDays: number;
  /**
   * Webhooks may be sent to private and loopback addresses (WEBHOOKS_ALLOW_PRIVATE=1): for a
   * receiver on the same machine or network. Off, such addresses are refused.
   */
  webhooksAllowPrivate: boolean;
  /** The first wait after a failed webhook delivery, in ms, doubled after each (WEBHOOKS_RETRY_BASE_MS). */
  webhooksRetryBaseMs: number;
  /**
   * How long a webhook sender holds an endpoint between two steps, in seconds (WEBHOOKS_LEASE_SECONDS,
   * at least 10, above one attempt's 5 s): how soon another process resumes a dead one's sending.
   */
  webhooksLeaseSeconds: number;
  /** What the environment sets that still works but should change, said once at start-up. */
  warnings: string[];
}

export type TrustProxy = false | number | string[];

/** The host, port and protocol the `stripe` package is given instead of api.stripe.com. */
export interface StripeApiBase {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

/** STRIPE_API_BASE: an http(s) origin (`http://127.0.0.1:12111`); anything else fails the start. */
export function stripeApiBaseFrom(value: string | undefined): StripeApiBase | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111, got ${text}`);
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  return { protocol, host: url.hostname.replace(/^\[|\]$/g, ''), port };
}

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;
/** The names proxy-addr knows for ranges (loopback, linklocal, uniquelocal). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `1` trusts one proxy hop, `2` two, and so on; or a comma list of the proxies'
 * addresses or ranges (`10.0.0.1, 10.1.0.0/16`). Never "any X-Forwarded-For": a client that
 * reaches the server directly must not pick the address it is counted under.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find(
    (entry) => !IPV4_OR_CIDR.test(entry) && !IPV6_OR_CIDR.test(entry) && !NAMED_RANGES.has(entry),
  );
  if (wrong !== undefined || !entries.length) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a comma list of proxy addresses, not "${wrong ?? text}".`,
    );
  }
  return entries;
}

/** The setting in the form Fastify takes: a hop count becomes "trust the nearest n hops". */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
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

/** 'https://cars.example, https://www.cars.example' as origins; anything that is not one fails the start. */
function siteOriginsFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      let url: URL;
      try {
        url = new URL(part);
      } catch {
        throw new Error(`SITE_ORIGINS must list http(s) origins, got ${part}`);
      }
      if (!/^https?:$/.test(url.protocol) || url.origin !== part.replace(/\/+$/, ''))
        throw new Error(`SITE_ORIGINS must list http(s) origins such as https://cars.example, got ${part}`);
      return url.origin;
    });
}

/**
 * Stripe's webhook secret, under its name or the one it had before (PAYMENTS_WEBHOOK_SECRET):
 * a deployment that still sets the old name keeps its webhook and is told to rename it.
 */
function webhookSecretFrom(env: NodeJS.ProcessEnv, warnings: string[]): string | null {
  const old = env.PAYMENTS_WEBHOOK_SECRET || null;
  const current = env.STRIPE_WEBHOOK_SECRET || null;
  if (old && current) {
    warnings.push(
      'PAYMENTS_WEBHOOK_SECRET is ignored: STRIPE_WEBHOOK_SECRET is set. Remove PAYMENTS_WEBHOOK_SECRET.',
    );
  } else if (old) {
    warnings.push(
      'PAYMENTS_WEBHOOK_SECRET is read as STRIPE_WEBHOOK_SECRET: rename it to STRIPE_WEBHOOK_SECRET.',
    );
  }
  return current ?? old;
}

/** The bucket S3_* name, or null when S3_BUCKET is not set. */
function s3From(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    endpoint: env.S3_ENDPOINT || 'https://s3.amazonaws.com',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID || '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || '',
    region: env.S3_REGION || 'us-east-1',
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  const warnings: string[] = [];
  return {
    // 0: any free port, named in the line printed once the server listens.
    port: env.PORT === '0' ? 0 : intFrom(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    storageDir: resolve(dataDir, 'storage'),
    s3: s3From(env),
    outboxDir: resolve(dataDir, 'outbox'),
    exportsDir: resolve(dataDir, 'exports'),
    importsDir: resolve(dataDir, 'imports'),
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mapsEnabled: Boolean(env.VITE_MAPS_KEY),
    consoleApiUrl: env.VITE_API_URL || null,
    jobExpireSeconds: intFrom(env.JOB_EXPIRE_SECONDS, 60 * 60),
    mailRetries: intFrom(env.MAIL_RETRIES, 10),
    stripeWebhookSecret: webhookSecretFrom(env, warnings),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeApiBase: stripeApiBaseFrom(env.STRIPE_API_BASE),
    siteOrigins: siteOriginsFrom(env.SITE_ORIGINS),
    historyKeepLast: intFrom(env.HISTORY_KEEP_LAST, 100),
    historyKeepDays: intFrom(env.HISTORY_KEEP_DAYS, 90),
    webhooksAllowPrivate: ['1', 'true', 'yes'].includes((env.WEBHOOKS_ALLOW_PRIVATE ?? '').toLowerCase()),
    webhooksRetryBaseMs: Math.max(1, intFrom(env.WEBHOOKS_RETRY_BASE_MS, 5_000)),
    webhooksLeaseSeconds: Math.max(10, intFrom(env.WEBHOOKS_LEASE_SECONDS, 60)),
    warnings,
  };
}
