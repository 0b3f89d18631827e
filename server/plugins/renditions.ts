import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseRendition, RENDITION_PREFIX, RENDITION_TYPES } from '@/shared/renditions';
import { createRenderer, type Renderer } from '../domain/media/render';

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes and keeps image renditions (GET /media/r/… and the renditions jobs). */
    renderer: Renderer;
  }
}

/**
 * Image renditions under /media/r/<sha256>/<variant>.<ext>: the stored file when it was made
 * before, otherwise made now (once, however many ask at the same time) and stored. The address
 * names everything the bytes are made from, so each is cached for a year.
 */
export const renditions = fp(
  async (app: FastifyInstance, options: { renderer?: Renderer }) => {
    const renderer = options.renderer ?? createRenderer({ store: app.storage });
    app.decorate('renderer', renderer);
  },
  { name: 'renditions', dependencies: ['services'] },
);

/**
 * The route of the renditions, registered with the other file routes (after the API document is
 * set up, so it stays out of it).
 */
export const renditionFiles = fp(
  async (app: FastifyInstance) => {
    const { renderer } = app;
    app.get(`${RENDITION_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const [sha256 = '', file = '', ...rest] = ((request.params as { '*': string })['*'] ?? '').split('/');
      const wanted = rest.length ? null : parseRendition(sha256, file);
      const bytes = wanted ? await renderer.rendition(wanted.sha256, wanted.variant, wanted.format) : null;
      if (!wanted || !bytes) {
        reply.header('Cache-Control', 'no-store');
        return reply.status(404).send({ message: 'Not found.' });
      }
      reply.header('Content-Type', RENDITION_TYPES[wanted.format]);
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      // An image, never a page: nothing in it may run or load anything.
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      return reply.send(bytes);
    });
  },
  { name: 'rendition-files', dependencies: ['renditions'] },
);
