/**
 * `npm run seed -- --size large`: fills an empty database (DATA_DIR or DATABASE_URL) with
 * demo data; `large` makes the big sets the benchmarks use.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../../config';
import { configuredStorage } from '../../domain/s3Storage';
import { openDatabase } from '../open';
import { seedIfEmpty } from './index';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'normal' } } });
const size = values.size === 'large' ? 'large' : 'normal';
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await seedIfEmpty(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demo: true,
    size,
    storage: configuredStorage(config),
  });
  if (!result.seeded) console.log('The database already has data: nothing was added.');
  else {
    console.log(`Seeded (${size}). First admin: ${result.adminEmail}`);
    if (result.generatedPassword) console.log(`Password: ${result.generatedPassword} (shown once)`);
  }
} finally {
  await database.close();
}
