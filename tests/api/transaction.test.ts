import { transaction } from '@server/domain/transaction';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

/** A promise and the function that settles it: one side waits until the other got somewhere. */
function signal() {
  let done = () => {};
  const reached = new Promise<void>((resolve) => {
    done = resolve;
  });
  return { reached, done };
}

// PGlite runs one transaction at a time, so two of them can never wait on each other there.
describe.skipIf(databaseKind !== 'postgres')('Transactions PostgreSQL aborts to break a deadlock', () => {
  it('runs the aborted one again, so both writes land and no caller sees the deadlock', async () => {
    const db = server.database.db;
    await db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
    const firstHolds = signal();
    const secondHolds = signal();
    const attempts = { first: 0, second: 0 };

    // Each locks one row, waits until the other holds the other row, then asks for it: a cycle.
    const first = transaction(db, async (tx) => {
      attempts.first += 1;
      await tx.execute(sql`update deadlock_probe set n = n + 1 where id = 1`);
      firstHolds.done();
      await secondHolds.reached;
      await tx.execute(sql`update deadlock_probe set n = n + 1 where id = 2`);
    });
    const second = transaction(db, async (tx) => {
      attempts.second += 1;
      await tx.execute(sql`update deadlock_probe set n = n + 10 where id = 2`);
      secondHolds.done();
      await firstHolds.reached;
      await tx.execute(sql`update deadlock_probe set n = n + 10 where id = 1`);
    });
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    // One of them was the victim and ran twice; its first run left nothing behind.
    expect(attempts.first + attempts.second).toBe(3);
    const rows = await db.execute(sql`select id, n from deadlock_probe order by id`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 11 },
    ]);
  });
});

describe(`Simultaneous saves and reorders of brands (${databaseKind})`, () => {
  const post = (url: string, body: unknown) => server.call('POST', url, { token, body });
  let n = 0;
  const brand = () => {
    n += 1;
    return {
      name: `Busy ${n}`,
      slug: `busy-${n}`,
      live: true,
      is_fake: false,
      manufacturer_id: 0,
      lcv_manufacturer_id: 0,
      logo: null,
    };
  };

  it('answers 10 saves and 10 reorders of the same brands, all at once, without a server error', async () => {
    const created = await Promise.all(Array.from({ length: 10 }, () => post('/api/brands/create', brand())));
    const ids = created.map((res) => res.json().id as number);
    const calls = [
      ...ids.map((id, i) => post(`/api/brands/update/${id}`, { ...brand(), name: `Saved ${i}` })),
      ...ids.map((_, k) =>
        post('/api/brands/sort', { brands: ids.map((_, i) => ids[(i + k) % ids.length]) }),
      ),
    ];
    const statuses = (await Promise.all(calls)).map((res) => res.statusCode);
    expect(statuses).toEqual(calls.map(() => 200));
    const names = await Promise.all(
      ids.map(async (id) => (await server.call('GET', `/api/brands/show/${id}`, { token })).json().data.name),
    );
    expect(names).toEqual(ids.map((_, i) => `Saved ${i}`));
  });
});
