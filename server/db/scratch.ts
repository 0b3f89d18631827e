import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server at `url`, for one test file or benchmark run;
 * `drop` removes it (closing any connection still open to it). With `template`, a copy of that
 * database (one nobody is connected to) instead of an empty one.
 */
export async function createScratchDatabase(
  url: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(
    template
      ? `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(template)}`
      : `CREATE DATABASE ${name}`,
  );
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
