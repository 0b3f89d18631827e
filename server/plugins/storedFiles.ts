import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** `/storage/<handle>/<server-made name>`, as files/upload answers it (see storedPath in the contract). */
const STORED_FILE_URL = /^\/storage\/[a-z_]+\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?$/;

/**
 * Uploaded files under /storage/. Only names files/upload makes are served: no hidden files, no
 * encoded separators or dots; and each is data, never a page.
 */
export const storedFiles = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/storage/')) return;
      const path = request.url.split('?')[0] ?? '';
      if (!STORED_FILE_URL.test(path)) return reply.status(404).send({ message: 'Not found.' });
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
