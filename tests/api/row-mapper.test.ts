import { withRowMapper } from '@server/db/rowMapper';
import { roles } from '@server/db/schema/roles';
import { users } from '@server/db/schema/users';
import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, insertUser, serverForFile } from './harness';

const file = serverForFile();
beforeAll(async () => {
  await insertUser(file.server, { name: 'Mapped Person', email: 'mapped@rows.example.com' });
});

/** A flat selection of every kind of value a list reads: columns, a join's, and SQL with and without a decoder. */
const flat = () =>
  file.server.database.db
    .select({
      id: users.id,
      name: users.name,
      meta: users.meta,
      scopeBrandIds: users.scopeBrandIds,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
      roleName: roles.name,
      counted: sql<number>`count(*) over ()`.mapWith(Number),
      raw: sql<string | null>`null::text`,
      list: sql<number[]>`array[1, 2]::int[]`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .orderBy(users.id);

describe(`A statement's own row mapper (${databaseKind})`, () => {
  it('gives the rows Drizzle gives: dates as dates, counts as numbers, JSON, arrays and nulls', async () => {
    const drizzles = await flat().prepare('row_mapper_drizzle').execute();
    const prepared = flat().prepare('row_mapper_own');
    expect(withRowMapper(prepared)).toBe(prepared);
    // Drizzle maps the rows through it from now on.
    expect(Reflect.get(prepared, 'customResultMapper')).toBeTypeOf('function');
    const own = await prepared.execute();
    expect(own).toEqual(drizzles);
    const mapped = own.find((row) => row.name === 'Mapped Person');
    expect(mapped?.createdAt).toBeInstanceOf(Date);
    expect(mapped?.deletedAt).toBeNull();
    expect(mapped?.raw).toBeNull();
    expect(mapped?.counted).toBe(own.length);
    expect(mapped?.list).toEqual([1, 2]);
    expect(typeof mapped?.meta).toBe('object');
  });

  it('leaves a nested selection to Drizzle, which nulls a left join’s missing group', async () => {
    const nested = () =>
      file.server.database.db
        .select({ id: users.id, role: { id: roles.id, name: roles.name } })
        .from(users)
        .leftJoin(roles, sql`false`)
        .orderBy(users.id);
    const drizzles = await nested().prepare('row_mapper_nested_drizzle').execute();
    const prepared = withRowMapper(nested().prepare('row_mapper_nested_own'));
    expect(Reflect.get(prepared, 'customResultMapper')).toBeUndefined();
    const own = await prepared.execute();
    expect(own).toEqual(drizzles);
    expect(own[0]?.role).toBeNull();
  });

  it('runs the statement straight on PostgreSQL’s pool, binding the same values as Drizzle', async () => {
    const byName = (name: string) =>
      file.server.database.db
        .select({ id: users.id, name: users.name, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.name, sql.placeholder('name')))
        .prepare(name);
    const prepared = withRowMapper(byName('row_mapper_bound_own'));
    // Drizzle's execute is its class's; the straight one is the statement's own (PostgreSQL only).
    expect(Object.hasOwn(prepared, 'execute')).toBe(databaseKind === 'postgres');
    const values = { name: 'Mapped Person' };
    const own = await prepared.execute(values);
    expect(own).toEqual(await byName('row_mapper_bound_drizzle').execute(values));
    expect(own).toHaveLength(1);
    expect(own[0]?.createdAt).toBeInstanceOf(Date);
    expect(await prepared.execute({ name: 'Nobody at all' })).toEqual([]);
  });

  it('fails as Drizzle fails: the database’s error inside a DrizzleQueryError', async () => {
    const failing = (name: string) =>
      file.server.database.db
        .select({ id: users.id, ratio: sql<number>`1 / (${users.id} - ${users.id})` })
        .from(users)
        .prepare(name);
    const caught = (run: Promise<unknown>) =>
      run.then(
        () => null,
        (error: unknown) => error,
      );
    const own = await caught(withRowMapper(failing('row_mapper_failing_own')).execute());
    const drizzles = await caught(failing('row_mapper_failing_drizzle').execute());
    expect(own).toBeInstanceOf(DrizzleQueryError);
    expect(drizzles).toBeInstanceOf(DrizzleQueryError);
    const cause = (error: unknown) => (error as { cause?: { code?: string; message?: string } }).cause;
    expect(cause(own)?.message).toBe(cause(drizzles)?.message);
    expect(cause(own)?.message).toMatch(/division by zero/);
  });
});
