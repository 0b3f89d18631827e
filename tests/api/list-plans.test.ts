import { listReads } from '@server/db/listReads';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKind, serverForFile } from './harness';

const file = serverForFile();

interface PreparedStatement {
  name: string;
  generic_plans: number;
  custom_plans: number;
}

/** What the list connection the next statement gets has prepared (pg-pool hands out the last idle one). */
async function preparedOnListConnection(): Promise<PreparedStatement[]> {
  const lists = listReads(file.server.database.db);
  const result = (await lists.execute(
    sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements order by name`,
  )) as { rows: PreparedStatement[] };
  return result.rows;
}

describe.runIf(databaseKind === 'postgres')('list statements on PostgreSQL', () => {
  it('plans the users list once per connection, however many pages are read, and answers each page', async () => {
    const names: string[] = [];
    for (let page = 1; page <= 7; page++) {
      const res = await file.server.call('GET', `/api/users?page=${page}`, { token: file.token });
      expect(res.statusCode).toBe(200);
      names.push(...(res.json().users.data as { name: string }[]).map((user) => user.name));
    }
    expect(names).toContain('Site Administrator');
    const both = (await preparedOnListConnection()).filter((statement) =>
      statement.name.startsWith('users_both'),
    );
    expect(both).toHaveLength(1);
    // Every call bound its page to the one plan: none was planned for its own LIMIT and OFFSET.
    expect(both[0]).toMatchObject({ custom_plans: 0 });
    expect(both[0]!.generic_plans).toBeGreaterThanOrEqual(7);
  });

  it('plans a search for its own pattern, on the main connections', async () => {
    const res = await file.server.call('GET', '/api/users?search=Administrator', { token: file.token });
    expect(res.statusCode).toBe(200);
    expect((res.json().users.data as { name: string }[]).map((user) => user.name)).toEqual([
      'Site Administrator',
    ]);
    const onLists = await preparedOnListConnection();
    expect(onLists.filter((statement) => statement.name.includes('search'))).toEqual([]);
    const main = await file.server.database.query('show plan_cache_mode');
    expect(main.rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });
});

describe.runIf(databaseKind === 'pglite')('list statements on the embedded database', () => {
  it('run on its one connection', () => {
    expect(listReads(file.server.database.db)).toBe(file.server.database.db);
  });
});
