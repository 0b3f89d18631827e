import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let base: string;
let token: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  server.app.server.on('connection', (socket: Socket) => sockets.add(socket));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => server.close());

/** How many rows each of the application's tables holds. */
async function rowCounts(): Promise<Record<string, number>> {
  const result = await server.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const counted = await server.database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
    counts[table] = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  return counts;
}

/**
 * Every listener the process and the server hold, by event, and the most any open connection holds
 * (the client may open new connections between two looks; a connection's count must not grow).
 */
function listeners(): Record<string, number> {
  const count = (emitter: NodeJS.EventEmitter, name: string) =>
    emitter.eventNames().map((event) => [`${name} ${String(event)}`, emitter.listenerCount(event)] as const);
  const perConnection = [...sockets]
    .filter((socket) => !socket.destroyed)
    .map((socket) => socket.eventNames().reduce((sum, event) => sum + socket.listenerCount(event), 0));
  return Object.fromEntries([
    ...count(process, 'process'),
    ...count(server.app.server, 'server'),
    ['most on one connection', Math.max(0, ...perConnection)],
  ]);
}

/** Ten clients, each on its own kept-alive connection, listing users `rounds` times each. */
async function listUsers(rounds: number) {
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = 0; i < rounds; i++) {
        const res = await fetch(`${base}/api/users?page=1`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    }),
  );
}

describe(`the users list leaves nothing behind per request (${databaseKind})`, () => {
  it('writes no row and adds no listener over a hundred and more calls on kept-alive connections', async () => {
    await listUsers(3);
    const rowsBefore = await rowCounts();
    const listenersBefore = listeners();
    await listUsers(12);
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(listeners()).toEqual(listenersBefore);
  }, 120_000);
});
