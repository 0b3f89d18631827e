import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONTENT_TYPES, isStorageKey, sniff } from '../domain/storage';

/** `/storage/<handle>/<server-made name>`, as files/upload answers it (see storedPath in the contract). */
const STORED_FILE_URL = /^\/storage\/[a-z_]+\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?$/;

/** Uploaded files are data, never pages: no sniffing, no scripts. */
const DATA_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * An SVG is a document a browser opens as it is: still sandboxed with nothing to run or fetch, but
 * with what the library lets an SVG hold (its own styles, images embedded as data: addresses), so
 * it draws the same opened alone as inside an <img>.
 */
const SVG_HEADERS = {
  ...DATA_HEADERS,
  'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
};

/**
 * How an original is served: the type its bytes show, which is what the upload judged it to be,
 * so no database read is needed (the key is its SHA-256, with no extension to go by).
 */
function originalHeaders(bytes: Buffer) {
  const kind = sniff(bytes);
  if (kind === 'svg') return { ...SVG_HEADERS, 'Content-Type': CONTENT_TYPES.svg };
  // Text the library did not take as an image is no page of ours to show: a download.
  const type = kind && kind !== 'csv' ? CONTENT_TYPES[kind] : 'application/octet-stream';
  return { ...DATA_HEADERS, 'Content-Type': type };
}

/**
 * Uploaded files under /storage/. Only names files/upload makes are served: no hidden files, no
 * encoded separators or dots; and each is data, never a page.
 */
export const storedFiles = fp(
  async (app: FastifyInstance) => {
    // The library's blobs (`media/...`) come from the configured store, local or a shared bucket.
    app.get('/storage/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = `media/${(request.params as { '*': string })['*']}`;
      if (!isStorageKey(key)) return reply.status(404).send({ message: 'Not found.' });
      const bytes = await app.storage.get(key);
      if (!bytes) return reply.status(404).send({ message: 'Not found.' });
      return reply.headers(originalHeaders(bytes)).send(bytes);
    });

    // A callback, not an async function: it runs on every request, and all but a few pass at once.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith('/storage/') || request.url.startsWith('/storage/media/')) return done();
      const path = request.url.split('?')[0] ?? '';
      if (STORED_FILE_URL.test(path)) return done();
      reply.status(404).send({ message: 'Not found.' });
    });

    await app.register(fastifyStatic, {
      root: app.storage.root,
      prefix: '/storage/',
      decorateReply: false,
      index: false,
      // Uploaded files are data, never pages: no sniffing, no scripts.
      setHeaders: (res) => {
        res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  },
  { name: 'stored-files', dependencies: ['services'] },
);
