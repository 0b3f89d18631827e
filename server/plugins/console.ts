import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { consoleCsp } from '../http/csp';

/**
 * The built console, when there is one: its files (with the .br and .gz the build wrote), and its
 * page for any other GET path (history-mode routes: the console decides what an unknown path shows).
 * Everything else nothing answers, API paths and stored files first, is a JSON 404.
 */
export const consoleApp = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const consoleDir =
      config.consoleDir && existsSync(join(config.consoleDir, 'index.html')) ? config.consoleDir : null;
    const csp = consoleCsp({ maps: config.mapsEnabled, apiUrl: config.consoleApiUrl });
    if (consoleDir) {
      await app.register(fastifyStatic, {
        root: consoleDir,
        prefix: '/',
        index: false,
        wildcard: false,
        // The build wrote .br and .gz beside each script and style sheet.
        preCompressed: true,
        setHeaders: (res, path) => {
          if (path.endsWith('.html')) res.header('Content-Security-Policy', csp);
          if (path.includes(`${join(consoleDir, 'assets')}`))
            res.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (
        path.startsWith('/api/') ||
        path.startsWith('/storage/') ||
        !consoleDir ||
        request.method !== 'GET'
      ) {
        return reply.status(404).send({ message: 'Not found.' });
      }
      reply.header('Cache-Control', 'no-cache');
      reply.header('Content-Security-Policy', csp);
      return reply.type('text/html').sendFile('index.html', consoleDir);
    });
  },
  { name: 'console' },
);
