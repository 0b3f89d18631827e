import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SECURITY_HEADERS } from '../http/securityHeaders';

const HEADERS = Object.entries(SECURITY_HEADERS);

/**
 * Every answer, the API's and the console's alike, gets SECURITY_HEADERS where it has not set the
 * header itself (a kept site page sent straight from memory carries them among its own headers).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    // A callback, not an async function: on every answer, a promise and its turn of the queue saved.
    app.addHook('onSend', (_request, reply, payload, done) => {
      // A stricter choice made by the answer itself stands: a preview link sends no referrer at all.
      for (const [name, value] of HEADERS) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
