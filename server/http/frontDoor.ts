import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';

/**
 * An answer given from the node:http request listener, ahead of Fastify: true when it has sent
 * the whole response, false (having sent nothing) to leave the request to Fastify.
 */
export type FrontAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface FrontDoor {
  /** Adds an answer tried, in the order added, before Fastify sees a request. */
  add(answer: FrontAnswer): void;
  /** From now on every request goes to Fastify (which answers 503 while it closes). */
  shut(): void;
  /** Fastify's `serverFactory`: the same node:http server Fastify makes, with the answers in front. */
  serverFactory: FastifyServerFactory<Server>;
}

declare module 'fastify' {
  interface FastifyInstance {
    frontDoor: FrontDoor;
  }
}

/** Fastify's options as its own server is made with them (lib/server.js), when it makes none itself. */
interface ServerOptions {
  http?: Parameters<typeof createServer>[0];
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Answers a process can give from memory without Fastify's routing, hooks, request and reply
 * objects (a kept site page): each answer must send exactly what its Fastify route sends, and
 * leave anything it is not sure of to Fastify. `app.inject` never passes through here, so tests of
 * these answers go through a listening server.
 */
export function createFrontDoor(): FrontDoor {
  const answers: FrontAnswer[] = [];
  let open = true;
  return {
    add: (answer) => void answers.push(answer),
    shut: () => {
      open = false;
    },
    serverFactory: (handler, rawOptions) => {
      const options = rawOptions as ServerOptions;
      const server = createServer(options.http ?? {}, (request, response) => {
        if (open) for (const answer of answers) if (answer(request, response)) return;
        handler(request, response);
      });
      // As Fastify sets up the server it makes itself, so every answer's connection headers match.
      if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0)
        server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
  };
}

/** Decorates the app with its front door, shut as the app begins to close. */
export function attachFrontDoor(app: FastifyInstance, door: FrontDoor): void {
  app.decorate('frontDoor', door);
  app.addHook('preClose', async () => door.shut());
}
