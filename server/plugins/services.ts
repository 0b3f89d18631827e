import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createTokenService, loadSecret, type TokenService } from '../domain/auth/tokens';
import { createMailer, type Mailer } from '../domain/mail';
import { configuredStorage } from '../domain/s3Storage';
import type { Storage } from '../domain/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks access tokens. */
    tokens: TokenService;
    /** Where uploaded files live (STORAGE_DIR), served under /storage/. */
    storage: Storage;
    /** Sends mail through SMTP_URL, or writes it to the outbox. */
    mailer: Mailer;
  }
}

/**
 * What the routes, jobs and sweeper share, made once from the configuration: the token service,
 * the file storage and the mailer; and `publicUrl`, the start of every paginator link.
 */
export const services = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    app.decorate('publicUrl', config.publicUrl);
    app.decorate(
      'tokens',
      createTokenService(
        loadSecret(config.jwtSecret, join(config.dataDir, 'jwt-secret')),
        config.accessTokenTtl,
      ),
    );
    const storage = configuredStorage(config);
    mkdirSync(storage.root, { recursive: true });
    app.decorate('storage', storage);
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
    });
    app.decorate('mailer', mailer);
    // Plugins close in the reverse order of their registration: jobs registered later stop first,
    // so a job that is still sending finishes its message before the mailer closes.
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'services' },
);
