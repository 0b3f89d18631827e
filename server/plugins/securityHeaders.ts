import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Every answer, the API's and the console's alike: no sniffing, no framing, no referrer elsewhere. */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'same-origin');
      reply.header('X-Frame-Options', 'DENY');
      return payload;
    });
  },
  { name: 'security-headers' },
);
