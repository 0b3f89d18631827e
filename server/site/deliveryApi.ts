import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { calls as site } from '@/api/contract/site';
import { notFound } from '../http/errors';
import { registerCall } from '../http/route';
import { type ContentVersionReader, SiteAnswerCache, type VersionedAnswer } from './contentVersion';
import { cacheControlBefore, etagOf, matchesEtag, NOT_FOUND_CACHE_CONTROL } from './httpCache';
import { type SiteReader, slugOfPath } from './reader';

interface Remembered extends VersionedAnswer {
  etag: string;
  /** The answer as sent: its JSON, checked against the call's schema once; null for a 404. */
  body: string | null;
}

/**
 * Sends the answer with its caching headers, or 304 with no body when the caller holds it already.
 * The body is the JSON the call's schema let through when the answer was built, sent as it is.
 */
function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  etag: string,
  next: Date | null,
): FastifyReply {
  reply.header('ETag', etag);
  reply.header('Cache-Control', cacheControlBefore(next));
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * The delivery API: public, read-only, published content only. Browsers on the SITE_ORIGINS may
 * read it (CORS for GET); everyone else reads it server to server.
 */
export function deliveryApiRoutes(
  app: FastifyInstance,
  opts: {
    reader: SiteReader;
    origins: string[];
    /** The content version every site answer is kept at (the HTML site reads the same one). */
    contentVersion: ContentVersionReader;
  },
) {
  const { reader } = opts;
  const origins = new Set(opts.origins);
  const cache = new SiteAnswerCache<Remembered>();
  const readContentVersion = opts.contentVersion;

  /**
   * The answer to one request, built and serialised at most once per content version: while the
   * version holds, a revalidation costs one small query and no content is read, and a full answer
   * only its bytes. A null answer is a 404. `timed` answers (pages, navigation, forms) change at
   * scheduled times: no cache keeps them past the next one.
   */
  async function answer<T>(
    schema: ZodType<T>,
    key: string,
    request: FastifyRequest,
    reply: FastifyReply,
    build: () => Promise<T | null>,
    missing: string,
    timed = false,
  ): Promise<T> {
    const { version, nextChange } = await readContentVersion();
    let known = cache.get(key, version);
    if (!known) {
      const built = await build();
      // Checked and stripped as Fastify's serializer would, once rather than on every send.
      const body = built === null ? null : JSON.stringify(schema.parse(built));
      known = { version, body, etag: body === null ? '' : etagOf(body), bytes: body?.length ?? 0 };
      cache.set(key, known);
    }
    if (known.body === null) {
      reply.header('Cache-Control', NOT_FOUND_CACHE_CONTROL);
      throw notFound(missing);
    }
    // Fastify has sent the reply; what a sent reply's handler returns is not used.
    return sendAnswer(request, reply, known.body, known.etag, timed ? nextChange : null) as unknown as T;
  }

  // A callback, not an async function: it runs on every request, and most are not the site's.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/site/')) return done();
    reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (!origin || !origins.has(origin)) return done();
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Expose-Headers', 'ETag');
    if (request.method !== 'OPTIONS') return done();
    reply.header('Access-Control-Allow-Methods', 'GET');
    reply.header('Access-Control-Allow-Headers', 'If-None-Match');
    reply.header('Access-Control-Max-Age', '600');
    reply.code(204).send();
  });
  // A preflight from an origin not on the list gets no CORS headers, so its browser refuses the call.
  app.options('/api/site/*', { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());

  registerCall(app, site.pages, async ({ query, raw }, reply) =>
    answer(
      site.pages.response,
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
      site.navigation.response,
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
      site.forms.response,
      `forms ${params.handle}`,
      raw,
      reply,
      () => reader.form(params.handle),
      'There is no published form with that handle.',
      true,
    ),
  );

  registerCall(app, site.brands, async ({ raw }, reply) =>
    answer(site.brands.response, 'brands', raw, reply, async () => ({ data: await reader.brands() }), ''),
  );

  registerCall(app, site.dealerships, async ({ query, raw }, reply) =>
    answer(
      site.dealerships.response,
      `dealerships ${query.brand?.toLowerCase() ?? ''}`,
      raw,
      reply,
      async () => ({ data: await reader.dealerships(query.brand) }),
      '',
    ),
  );

  registerCall(app, site.dealershipsShow, async ({ params, raw }, reply) =>
    answer(
      site.dealershipsShow.response,
      `dealership ${params.slug.toLowerCase()}`,
      raw,
      reply,
      () => reader.dealership(params.slug),
      'There is no live dealership with that address.',
    ),
  );

  registerCall(app, site.settings, async ({ raw }, reply) =>
    answer(site.settings.response, 'settings', raw, reply, () => reader.settings(), ''),
  );
}
