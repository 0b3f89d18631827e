import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentVersionReader, SiteAnswerCache, type VersionedAnswer } from './contentVersion';
import { cacheControlBefore, matchesEtag } from './deliveryApi';

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

async function keep(html: string, status: number, version: string): Promise<KeptDocument> {
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
      identity: { body: identity, etag: `"${hash}"` },
      br: { body: br, etag: `"${hash}-br"` },
      gzip: { body: gz, etag: `"${hash}-gz"` },
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
  options: { entries?: number; bytes?: number } = {},
) {
  const cache = new SiteAnswerCache<KeptDocument>(options.entries ?? 2000, options.bytes ?? 32 * 1024 * 1024);
  return {
    cache,
    /**
     * Sends the document kept under `key` (rendering it with `render` when the content has changed
     * since), with its ETag and the delivery API's Cache-Control, or a 304 when the caller holds it.
     * When `render` finds nothing there, the designed 404 is sent: one document for every unknown
     * address, with no ETag and never as a 304.
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
        if (html !== null) kept = await keep(html, 200, version);
        else {
          let missing = cache.get(NOT_FOUND, version);
          if (!missing) {
            missing = await keep(await renderNotFound(), 404, version);
            cache.set(NOT_FOUND, missing);
          }
          // The address remembers that it has nothing, sharing the one 404 document's bytes.
          kept = { ...missing, bytes: key.length + 64 };
        }
        cache.set(key, kept);
      }
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const variant = kept.variants[encoding];
      reply.header('Cache-Control', cacheControlBefore(nextChange));
      reply.header('Vary', 'Accept-Encoding');
      if (kept.status === 200) {
        reply.header('ETag', variant.etag);
        if (matchesEtag(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
      }
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.code(kept.status).type('text/html; charset=utf-8').send(variant.body);
    },
  };
}
