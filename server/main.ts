import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/open';
import { seedIfEmpty } from './db/seed/index';
import { configuredStorage } from './domain/s3Storage';
import { listeningLine } from './listening';
import { adminBox } from './startupMessage';

const config = readConfig();
for (const warning of config.warnings) console.warn(`Warning: ${warning}`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const seed = await seedIfEmpty(database.db, {
  adminEmail: config.adminEmail,
  adminPassword: config.adminPassword,
  demo: config.seed,
  storage: configuredStorage(config),
});
const { app } = await buildApp({ config, database, logLevel: process.env.LOG_LEVEL || 'warn' });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: closing`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// The port bound, which PORT=0 leaves to the system.
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(
  listeningLine(port, database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'),
);
if (seed.generatedPassword) console.log(`\n${adminBox(seed.adminEmail, seed.generatedPassword)}\n`);
