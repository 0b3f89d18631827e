import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECURITY_HEADERS } from '../http/securityHeaders';
import { type ContentVersionReader, SiteAnswerCache, type VersionedAnswer } from './contentVersion';
import { cacheControlBefore, matchesEtag, NOT_FOUND_CACHE_CONTROL } from './httpCache';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Where the designed 404 document is kept (no address has a space in it). */
const NOT_FOUND = 'not found';

/** The ways a kept document can be sent, best first: what Accept-Encoding picks from. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface Variant {
  body: Buffer;
  /** Strong, and one per encoding: each encoding is a representation of its own to a cache. */
  etag: string;
  /** Its headers as sent straight from memory, but for Cache-Control (which depends on the time). */
  headers: OutgoingHttpHeaders;
  /** A 304's headers, likewise. */
  notModified: OutgoingHttpHeaders;
  /** Both with the Cache-Control last sent: a request at the same value sends them as they are. */
  sent?: { cacheControl: string; ok: OutgoingHttpHeaders; notModified: OutgoingHttpHeaders };
}

/**
 * A variant's headers with `cacheControl`, made once per value (which stays the same between
 * scheduled changes, or changes once a second before one) rather than copied for every request.
 */
function headersWith(variant: Variant, cacheControl: string): NonNullable<Variant['sent']> {
  if (variant.sent?.cacheControl !== cacheControl)
    variant.sent = {
      cacheControl,
      ok: { ...variant.headers, 'Cache-Control': cacheControl },
      notModified: { ...variant.notModified, 'Cache-Control': cacheControl },
    };
  return variant.sent;
}

/** A document as sent, in every encoding, at the content version it was rendered at. */
export interface KeptDocument extends VersionedAnswer {
  status: number;
  variants: Record<Encoding, Variant>;
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none; `q=0`
 * refuses one, and `*` stands for any not named.
 */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const any = weights.get('*');
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? (encoding === 'identity' ? 1 : any);
    if (weight !== undefined && weight > 0) return encoding;
  }
  return 'identity';
}

/** The encodings picked for the Accept-Encoding headers last seen: browsers send a handful of forms. */
const picked = new Map<string, Encoding>();

/** pickEncoding, remembered for the last few dozen headers. */
function encodingFor(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = picked.get(header);
  if (encoding === undefined) {
    encoding = pickEncoding(header);
    if (picked.size >= 64) picked.clear();
    picked.set(header, encoding);
  }
  return encoding;
}

/** The headers of a kept document's variant, a 200's and a 304's, besides `own` (the route's). */
function variantOf(
  body: Buffer,
  etag: string,
  encoding: Encoding,
  status: number,
  own: OutgoingHttpHeaders,
): Variant {
  const common: OutgoingHttpHeaders = { ...own, ...SECURITY_HEADERS, Vary: 'Accept-Encoding' };
  if (status === 200) common.ETag = etag;
  const headers: OutgoingHttpHeaders = {
    ...common,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
  };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return { body, etag, headers, notModified: common };
}

async function keep(
  html: string,
  status: number,
  version: string,
  own: OutgoingHttpHeaders,
): Promise<KeptDocument> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return {
    version,
    status,
    bytes: identity.length + br.length + gz.length,
    variants: {
      identity: variantOf(identity, `"${hash}"`, 'identity', status, own),
      br: variantOf(br, `"${hash}-br"`, 'br', status, own),
      gzip: variantOf(gz, `"${hash}-gz"`, 'gzip', status, own),
    },
  };
}

/**
 * The site's documents rendered and compressed once per content version, as the delivery API
 * keeps its JSON: while the version holds, a request costs the version's read and its bytes, and
 * a revalidation a 304. Bounded (see SiteAnswerCache): a crawl over every address cannot fill
 * memory. Only documents every visitor gets alike belong here; a form's answers and share-preview
 * links are sent as they are made.
 */
export function createPageCache(
  contentVersion: ContentVersionReader,
  renderNotFound: () => Promise<string>,
  options: { entries?: number; bytes?: number; headers?: OutgoingHttpHeaders } = {},
) {
  const cache = new SiteAnswerCache<KeptDocument>(options.entries ?? 2000, options.bytes ?? 32 * 1024 * 1024);
  const own = options.headers ?? {};
  return {
    cache,
    /**
     * Sends the document kept under `key` straight from memory, past Fastify's hooks and
     * serialisers, when the content version is known to hold without asking (see
     * ContentVersionReader.known) and the document is kept at it: the same headers and bytes as
     * `send` gives. False, having sent nothing, otherwise. `claim` is called just before anything
     * is written (a Fastify route hijacks its reply there).
     */
    sendKept(request: IncomingMessage, response: ServerResponse, key: string, claim?: () => void): boolean {
      const now = contentVersion.known();
      if (!now) return false;
      const kept = cache.get(key, now.version);
      if (!kept) return false;
      const variant = kept.variants[encodingFor(request.headers['accept-encoding'])];
      let status = kept.status;
      let headers: OutgoingHttpHeaders;
      if (status === 200) {
        const sent = headersWith(variant, cacheControlBefore(now.nextChange));
        const asked = request.headers['if-none-match'];
        // A revalidation mostly names the one tag it was given: no need to parse the header then.
        if (asked !== undefined && (asked === variant.etag || matchesEtag(asked, variant.etag))) {
          status = 304;
          headers = sent.notModified;
        } else headers = sent.ok;
      } else headers = headersWith(variant, NOT_FOUND_CACHE_CONTROL).ok;
      claim?.();
      response.writeHead(status, headers);
      response.end(status === 304 || request.method === 'HEAD' ? undefined : variant.body);
      return true;
    },
    /**
     * Sends the document kept under `key` (rendering it with `render` when the content has changed
     * since), with its ETag and the delivery API's Cache-Control, or a 304 when the caller holds it.
     * When `render` finds nothing there, the designed 404 is sent: one document for every unknown
     * address, with no ETag, never as a 304, and for no other cache to keep.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      render: () => Promise<string | null>,
    ): Promise<FastifyReply> {
      const { version, nextChange } = await contentVersion();
      let kept = cache.get(key, version);
      if (!kept) {
        const html = await render();
        if (html !== null) kept = await keep(html, 200, version, own);
        else {
          let missing = cache.get(NOT_FOUND, version);
          if (!missing) {
            missing = await keep(await renderNotFound(), 404, version, own);
            cache.set(NOT_FOUND, missing);
          }
          // The address remembers that it has nothing, sharing the one 404 document's bytes.
          kept = { ...missing, bytes: key.length + 64 };
        }
        cache.set(key, kept);
      }
      const encoding = encodingFor(request.headers['accept-encoding']);
      const variant = kept.variants[encoding];
      reply.header('Vary', 'Accept-Encoding');
      if (kept.status === 200) {
        reply.header('Cache-Control', cacheControlBefore(nextChange));
        reply.header('ETag', variant.etag);
        if (matchesEtag(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
      } else {
        // Asked again every time: a page published at this address shows at the next request.
        reply.header('Cache-Control', NOT_FOUND_CACHE_CONTROL);
      }
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.code(kept.status).type('text/html; charset=utf-8').send(variant.body);
    },
  };
}
