import type { Db } from '@server/db/open';
import { brands } from '@server/db/schema/brands';
import {
  appendRow,
  moveToList,
  type OrderedList,
  placeAt,
  placeAtEnd,
  removeFromLists,
  reorder,
  type Scope,
} from '@server/domain/ordering';
import { transaction } from '@server/domain/transaction';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

const brandBody = () => ({
  name: unique('Brand'),
  slug: unique('brand'),
  live: true,
  is_fake: false,
  manufacturer_id: 0,
  lcv_manufacturer_id: 0,
  logo: null,
});

/** Active brands in list order, as [id, position]. */
async function brandPositions(): Promise<{ id: number; position: number }[]> {
  return server.database.db
    .select({ id: brands.id, position: brands.sortOrder })
    .from(brands)
    .where(isNull(brands.deletedAt))
    .orderBy(asc(brands.sortOrder), asc(brands.id));
}

async function binnedBrands(): Promise<number[]> {
  const rows = await server.database.db
    .select({ id: brands.id })
    .from(brands)
    .where(isNotNull(brands.deletedAt))
    .orderBy(asc(brands.id));
  return rows.map((row) => row.id);
}

/** Positions 1..n, each once: what every hand-ordered list must hold whatever ran at once. */
function expectDense(positions: number[]) {
  expect(positions).toEqual(positions.map((_, i) => i + 1));
}

async function createBrands(n: number): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: n }, () => post('/api/brands/create', brandBody())));
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  return answers.map((res) => res.json().id as number);
}

/** Brands created at once take their places in whatever order the calls arrive: their ids in list order. */
async function createListed(n: number): Promise<number[]> {
  const created = await createBrands(n);
  return (await brandPositions()).map((row) => row.id).filter((id) => created.includes(id));
}

/** Statuses other than the ones a client is meant to handle: any of them fails the test. */
const unexpected = (statuses: number[], allowed: number[]) => statuses.filter((s) => !allowed.includes(s));

describe(`Hand-made order under simultaneous calls (${databaseKind})`, () => {
  it('gives 40 brands created at the same moment 40 different positions at the end of the list', async () => {
    const before = await brandPositions();
    const ids = await createBrands(40);
    const after = await brandPositions();
    expectDense(after.map((row) => row.position));
    expect(after.slice(0, before.length)).toEqual(before);
    expect(new Set(after.slice(before.length).map((row) => row.id))).toEqual(new Set(ids));
  });

  it('saves 10 simultaneous reorders of the same brands without an error, the list ending in one of them', async () => {
    const ids = await createBrands(6);
    const orders = Array.from({ length: 10 }, (_, k) => ids.map((_, i) => ids[(i + k) % ids.length]!));
    const answers = await Promise.all(orders.map((order) => post('/api/brands/sort', { brands: order })));
    expect(answers.map((res) => res.statusCode)).toEqual(orders.map(() => 200));
    const after = (await brandPositions()).filter((row) => ids.includes(row.id)).map((row) => row.id);
    expect(orders).toContainEqual(after);
    expectDense((await brandPositions()).map((row) => row.position));
  });

  it('keeps positions unique and dense when creates, bins, restores, sorts and saves run at once', async () => {
    const ids = await createBrands(12);
    const binned = ids.slice(0, 4);
    expect((await post('/api/brands/delete', { brands: binned, type: 'all' })).statusCode).toBe(200);
    const staying = ids.slice(4);
    const loaded = await Promise.all(
      staying
        .slice(0, 3)
        .map(async (id) => (await server.call('GET', `/api/brands/show/${id}`, { token })).json().data),
    );

    const calls = [
      ...Array.from({ length: 10 }, () => post('/api/brands/create', brandBody())),
      ...binned.map((id) => post('/api/brands/restore', { brands: [id] })),
      post('/api/brands/sort', { brands: [...staying].reverse() }),
      post('/api/brands/sort', { brands: [staying[2], staying[0], staying[1]] }),
      post('/api/brands/sort', { brands: [staying[7], staying[5]] }),
      post('/api/brands/delete', { brands: [staying[6]], type: 'all' }),
      post('/api/brands/delete', { brands: [staying[3], staying[4]], type: 'all' }),
      ...loaded.map((brand) =>
        post(`/api/brands/update/${brand.id}`, {
          ...brandBody(),
          slug: brand.slug,
          updated_at: brand.updated_at,
        }),
      ),
    ];
    const statuses = (await Promise.all(calls)).map((res) => res.statusCode);
    // A sort may name a brand that a delete binned a moment before: that reorder is refused whole.
    expect(unexpected(statuses, [200, 422])).toEqual([]);
    expectDense((await brandPositions()).map((row) => row.position));
    const inBin = await binnedBrands();
    for (const id of binned) expect(inBin).not.toContain(id);
    for (const id of [staying[3], staying[4], staying[6]]) expect(inBin).toContain(id);
  });

  it('closes the gap a binned brand leaves and puts a restored one last', async () => {
    const ids = await createListed(4);
    expect((await post('/api/brands/delete', { brands: [ids[1]], type: 'all' })).statusCode).toBe(200);
    let rows = await brandPositions();
    expectDense(rows.map((row) => row.position));
    expect(rows.map((row) => row.id).slice(-3)).toEqual([ids[0], ids[2], ids[3]]);
    expect((await post('/api/brands/restore', { brands: [ids[1]] })).statusCode).toBe(200);
    rows = await brandPositions();
    expectDense(rows.map((row) => row.position));
    expect(rows.map((row) => row.id).slice(-4)).toEqual([ids[0], ids[2], ids[3], ids[1]]);
  });

  it('writes only the brands that moved when two of them swap places on a page', async () => {
    const ids = await createListed(5);
    // xmin names the transaction that last wrote a row: unchanged rows keep theirs.
    const versions = async () => {
      const rows = await server.database.db
        .select({ id: brands.id, version: sql<string>`${brands}.xmin::text` })
        .from(brands)
        .where(inArray(brands.id, ids));
      return new Map(rows.map((row) => [row.id, row.version]));
    };
    const before = await versions();
    // A page of three brands: the first stays, the other two swap.
    const res = await post('/api/brands/sort', { brands: [ids[1], ids[3], ids[2]] });
    expect(res.statusCode).toBe(200);
    const after = await versions();
    const written = ids.filter((id) => after.get(id) !== before.get(id));
    expect(written.sort()).toEqual([ids[2], ids[3]].sort());
  });
});

/**
 * A list split by a parent column, as the page tree orders children per parent: the same
 * ordering pieces on a table of its own, so this proves what another area gets from them.
 */
const nodes = pgTable('ordering_probe_nodes', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  position: integer('position').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

const tree: OrderedList = {
  name: 'ordering_probe_nodes',
  table: nodes,
  id: nodes.id,
  position: nodes.position,
  deletedAt: nodes.deletedAt,
  scope: nodes.parentId,
  key: 'nodes',
  noun: 'nodes',
};

describe(`Ordering split by parent (${databaseKind})`, () => {
  let db: Db;
  beforeAll(async () => {
    db = server.database.db;
    await db.execute(sql`
      create table ordering_probe_nodes (
        id serial primary key,
        parent_id integer,
        position integer not null,
        deleted_at timestamptz
      )`);
    await db.execute(sql`
      create unique index ordering_probe_nodes_position on ordering_probe_nodes
        (coalesce(parent_id, 0), position) where deleted_at is null`);
  });

  const add = (parent: Scope) =>
    appendRow(db, tree, parent, async (tx, position) => {
      const [row] = await tx.insert(nodes).values({ parentId: parent, position }).returning({ id: nodes.id });
      return row!.id;
    });

  async function childrenOf(parent: Scope): Promise<{ id: number; position: number }[]> {
    return db
      .select({ id: nodes.id, position: nodes.position })
      .from(nodes)
      .where(
        and(parent === null ? isNull(nodes.parentId) : eq(nodes.parentId, parent), isNull(nodes.deletedAt)),
      )
      .orderBy(asc(nodes.position));
  }

  async function bin(ids: number[]) {
    await transaction(db, (tx) =>
      removeFromLists(tx, tree, ids, async () => {
        await tx.update(nodes).set({ deletedAt: new Date() }).where(inArray(nodes.id, ids));
      }),
    );
  }

  async function restore(ids: number[]) {
    await transaction(db, async (tx) => {
      await placeAtEnd(tx, tree, ids);
      await tx.update(nodes).set({ deletedAt: null }).where(inArray(nodes.id, ids));
    });
  }

  it('numbers each parent’s children 1..n when children of several parents are added at once', async () => {
    const parents: Scope[] = [null, 1, 2];
    const added = await Promise.all(Array.from({ length: 30 }, (_, i) => add(parents[i % 3]!)));
    expect(new Set(added).size).toBe(30);
    for (const parent of parents) {
      const children = await childrenOf(parent);
      expect(children).toHaveLength(10);
      expectDense(children.map((row) => row.position));
    }
  });

  it('keeps every parent’s children dense while adds, bins, restores and reorders run at once', async () => {
    const first = await Promise.all(Array.from({ length: 8 }, () => add(7)));
    const second = await Promise.all(Array.from({ length: 8 }, () => add(8)));
    await bin([first[0]!, second[0]!]);
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, i) => add(i % 2 ? 7 : 8)),
      restore([first[0]!]),
      restore([second[0]!]),
      reorder(db, tree, [...first.slice(1)].reverse()),
      reorder(db, tree, second.slice(2, 6)),
      bin([first[3]!, second[5]!]),
      reorder(db, tree, [second[7]!, second[6]!]),
    ]);
    // Only a reorder that names a node binned a moment before may be refused (422), never anything else.
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    for (const failure of failures) expect(failure).toMatchObject({ statusCode: 422 });
    for (const parent of [7, 8]) expectDense((await childrenOf(parent)).map((row) => row.position));
    expect((await childrenOf(7)).map((row) => row.id)).toContain(first[0]);
  });

  it('refuses a reorder that mixes children of two parents, and moves nothing', async () => {
    const a = await add(20);
    const b = await add(21);
    await expect(reorder(db, tree, [b, a])).rejects.toMatchObject({
      statusCode: 422,
      errors: { nodes: ['Choose nodes from one list.'] },
    });
    expect(await childrenOf(20)).toEqual([{ id: a, position: 1 }]);
    expect(await childrenOf(21)).toEqual([{ id: b, position: 1 }]);
  });

  it('moves children to the end of another parent while both parents stay dense, even when moves cross', async () => {
    const left = await Promise.all(Array.from({ length: 5 }, () => add(30)));
    const right = await Promise.all(Array.from({ length: 5 }, () => add(31)));
    const leftOrder = (await childrenOf(30)).map((row) => row.id);
    const move = (ids: number[], to: number) => transaction(db, (tx) => moveToList(tx, tree, ids, to));
    await Promise.all([
      move([leftOrder[1]!, leftOrder[3]!], 31),
      move([right[0]!], 30),
      move([right[2]!], 30),
    ]);
    const l = await childrenOf(30);
    const r = await childrenOf(31);
    expectDense(l.map((row) => row.position));
    expectDense(r.map((row) => row.position));
    expect(l).toHaveLength(5);
    expect(r).toHaveLength(5);
    expect(r.map((row) => row.id).slice(-2)).toEqual(expect.arrayContaining([leftOrder[1], leftOrder[3]]));
    expect(l.map((row) => row.id)).toEqual(expect.arrayContaining([right[0], right[2]]));
    expect(new Set([...l, ...r].map((row) => row.id))).toEqual(new Set([...left, ...right]));
  });

  it('puts rows at 1-based places among all the children, the others keeping their order, even at once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => add(40)));
    const before = (await childrenOf(40)).map((row) => row.id);
    const place = (placements: { id: number; position: number }[]) =>
      transaction(db, (tx) => placeAt(tx, tree, 40, placements));
    // One row down, past the rows between (through the unique index), then one up.
    await place([{ id: before[0]!, position: 4 }]);
    expect((await childrenOf(40)).map((row) => row.id)).toEqual([
      before[1],
      before[2],
      before[3],
      before[0],
      before[4],
      before[5],
    ]);
    await place([{ id: before[5]!, position: 1 }]);
    expect((await childrenOf(40)).map((row) => row.id)).toEqual([
      before[5],
      before[1],
      before[2],
      before[3],
      before[0],
      before[4],
    ]);
    // Several rows at once: they take their places, the rest fill the others in order.
    await place([
      { id: before[4]!, position: 2 },
      { id: before[1]!, position: 6 },
    ]);
    expect((await childrenOf(40)).map((row) => row.id)).toEqual([
      before[5],
      before[4],
      before[2],
      before[3],
      before[0],
      before[1],
    ]);
    await Promise.all(ids.map((id, i) => place([{ id, position: ((i * 5) % 6) + 1 }])));
    const after = await childrenOf(40);
    expectDense(after.map((row) => row.position));
    expect(new Set(after.map((row) => row.id))).toEqual(new Set(ids));
  });
});
