import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { calls as site } from '@/api/contract/site';
import type { Db } from '../db/open';
import { readContentVersion, SiteAnswerCache } from '../domain/site/contentVersion';
import { type SiteReader, slugOfPath } from '../domain/site/reader';
import { notFound } from '../http/errors';
import { registerCall } from '../http/route';

/**
 * How long a site's cache may use an answer without asking, and how long longer it may show it
 * while it asks in the background. Short: a save reaches visitors within a minute at most, and a
 * revalidation costs a 304.
 */
export const SITE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** How long SITE_CACHE_CONTROL lets a cache show an answer at most, stale time included. */
const LONGEST_KEPT_SECONDS = 60 + 300;

/**
 * The Cache-Control of an answer given when the next scheduled change is due: no cache keeps it
 * past that time, so a scheduled page appears (or goes) on the website at its time.
 */
export function cacheControlBefore(next: Date | null, now = Date.now()): string {
  if (!next) return SITE_CACHE_CONTROL;
  const seconds = Math.max(0, Math.floor((next.getTime() - now) / 1000));
  if (seconds >= LONGEST_KEPT_SECONDS) return SITE_CACHE_CONTROL;
  return `public, max-age=${Math.min(60, seconds)}`;
}

/** A strong validator made from the answer's bytes: it changes exactly when the answer does. */
export function etagOf(answer: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names this ETag (a list, `*`, or weak forms of it). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** Sends the caching headers, and 304 with no body when the caller holds this answer already. */
function withValidator<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: T,
  etag: string,
  next: Date | null,
): T {
  reply.header('ETag', etag);
  reply.header('Cache-Control', cacheControlBefore(next));
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    reply.code(304).send();
    // Fastify has sent the 304 already; what a sent reply's handler returns is not used.
    return reply as unknown as T;
  }
  return answer;
}

/**
 * The delivery API: public, read-only, published content only. Browsers on the SITE_ORIGINS may
 * read it (CORS for GET); everyone else reads it server to server.
 */
export function siteRoutes(
  app: FastifyInstance,
  opts: { db: Db; reader: SiteReader; origins: string[]; cache?: SiteAnswerCache },
) {
  const { db, reader } = opts;
  const origins = new Set(opts.origins);
  const cache = opts.cache ?? new SiteAnswerCache();

  /**
   * The answer to one request, built at most once per content version: while the version holds,
   * a revalidation costs one small query and no content is read. A null answer is a 404.
   * `timed` answers (pages, navigation, forms) change at scheduled times: no cache keeps them past
   * the next one.
   */
  async function answer<T>(
    key: string,
    request: FastifyRequest,
    reply: FastifyReply,
    build: () => Promise<T | null>,
    missing: string,
    timed = false,
  ): Promise<T> {
    const { version, nextChange } = await readContentVersion(db);
    let known = cache.get(key, version);
    if (!known) {
      const built = await build();
      known = { version, answer: built, etag: built === null ? '' : etagOf(built) };
      cache.set(key, known);
    }
    if (known.answer === null) throw notFound(missing);
    return withValidator(request, reply, known.answer as T, known.etag, timed ? nextChange : null);
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/site/')) return;
    reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (!origin || !origins.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Expose-Headers', 'ETag');
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET');
      reply.header('Access-Control-Allow-Headers', 'If-None-Match');
      reply.header('Access-Control-Max-Age', '600');
      await reply.code(204).send();
    }
  });
  // A preflight from an origin not on the list gets no CORS headers, so its browser refuses the call.
  app.options('/api/site/*', { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());

  registerCall(app, site.pages, async ({ query, raw }, reply) =>
    answer(
      `pages ${slugOfPath(query.path)} ${query.children_page}`,
      raw,
      reply,
      () => reader.page(query.path, query.children_page),
      'There is no published page at that address.',
      true,
    ),
  );

  registerCall(app, site.navigation, async ({ query, raw }, reply) =>
    answer(
      `navigation ${query.depth}`,
      raw,
      reply,
      async () => ({ data: await reader.navigation(query.depth) }),
      '',
      true,
    ),
  );

  registerCall(app, site.forms, async ({ params, raw }, reply) =>
    answer(
      `forms ${params.handle}`,
      raw,
      reply,
      () => reader.form(params.handle),
      'There is no published form with that handle.',
      true,
    ),
  );

  registerCall(app, site.brands, async ({ raw }, reply) =>
    answer('brands', raw, reply, async () => ({ data: await reader.brands() }), ''),
  );

  registerCall(app, site.dealerships, async ({ query, raw }, reply) =>
    answer(
      `dealerships ${query.brand?.toLowerCase() ?? ''}`,
      raw,
      reply,
      async () => ({ data: await reader.dealerships(query.brand) }),
      '',
    ),
  );

  registerCall(app, site.dealershipsShow, async ({ params, raw }, reply) =>
    answer(
      `dealership ${params.slug.toLowerCase()}`,
      raw,
      reply,
      () => reader.dealership(params.slug),
      'There is no live dealership with that address.',
    ),
  );

  registerCall(app, site.settings, async ({ raw }, reply) =>
    answer('settings', raw, reply, () => reader.settings(), ''),
  );
}
