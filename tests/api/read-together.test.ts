import { readTogether, transaction } from '@server/domain/transaction';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKind, serverForFile, type TestServer } from './harness';

const file = serverForFile();

/** A read that notes when it started and when it finished, in the order things happened. */
function noted(log: string[], name: string, q: TestServer['database']['db']) {
  return async () => {
    log.push(`${name} start`);
    // Both drivers answer raw SQL with its rows under `rows`.
    const answer = (await q.execute(sql`select ${name}::text as name`)) as unknown as {
      rows: { name: string }[];
    };
    const [row] = answer.rows;
    log.push(`${name} end`);
    return row?.name;
  };
}

describe(`Reads that do not depend on each other (${databaseKind})`, () => {
  it('run at once on the pool, and answer in the order asked', async () => {
    const log: string[] = [];
    const db = file.server.database.db;
    const answers = await readTogether(db, [noted(log, 'a', db), noted(log, 'b', db)]);
    expect(answers).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('run one after another in a transaction, whose one connection takes one statement at a time', async () => {
    const log: string[] = [];
    const answers = await transaction(file.server.database.db, (tx) =>
      readTogether(tx, [noted(log, 'a', tx), noted(log, 'b', tx), () => 3]),
    );
    expect(answers).toEqual(['a', 'b', 3]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
