import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { allCalls } from '@/api/contract/all';
import { usersList } from '@/api/contract/users';
import { serializerCompiler } from '../../server/http/serializer';

type Writer = (value: unknown) => string;
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/test' }) as never;
const fast = (schema: z.ZodType): Writer => serializerCompiler(route(schema));
const zod = (schema: z.ZodType): Writer => zodSerializerCompiler(route(schema)) as Writer;

/** The answer zod's serializer gives, or the error it throws: what the compiled writer must give too. */
function outcome(write: Writer, value: unknown): { json: string } | { error: string } {
  try {
    return { json: write(value) };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}
const expectSame = (schema: z.ZodType, value: unknown) =>
  expect(outcome(fast(schema), value)).toEqual(outcome(zod(schema), value));

const user = (id: number) => ({
  id,
  name: `User ${id}`,
  email: `user${id}@example.com`,
  meta: { telephone: '01632 960000', job_title: null },
  role_id: 1,
  role: { id: 1, name: 'Administrator', permissions: ['not in the contract'] },
  scope: { brand_ids: [1, 2], dealership_ids: [] },
  created_at: '2025-01-01T09:00:00.000000Z',
  updated_at: '2025-01-02T09:00:00.000000Z',
  deleted_at: null,
  password: 'a hash that must never be sent',
});
const page = (ids: number[]) => ({
  data: ids.map(user),
  current_page: 1,
  last_page: 1,
  per_page: 25,
  from: ids.length ? 1 : null,
  to: ids.length ? ids.length : null,
  total: ids.length,
  path: '/api/users',
  first_page_url: '/api/users?page=1',
  last_page_url: '/api/users?page=1',
  prev_page_url: null,
  next_page_url: null,
  links: [{ url: null, label: '&laquo; Previous', active: false }],
});

describe('the compiled response serializer', () => {
  it('writes the users list as zod and JSON.stringify do, leaving out what the schema does not name', () => {
    const answer = { users: page([1, 2, 3]), trashed: page([]), extra: 'left out' };
    const json = fast(usersList.response)(answer);
    expect(json).toBe(zod(usersList.response)(answer));
    expect(json).not.toContain('a hash');
    expect(json).not.toContain('not in the contract');
    expect(JSON.parse(json).users.data[0].name).toBe('User 1');
  });

  it('refuses an answer that breaks the schema with the error zod gives', () => {
    const broken = (change: (answer: ReturnType<typeof page>) => void) => {
      const users = page([1, 2]);
      change(users);
      return { users, trashed: page([]) };
    };
    const cases = [
      broken((p) => Object.assign(p.data[0]!, { id: '1' })),
      broken((p) => Object.assign(p.data[0]!, { id: 1.5 })),
      broken((p) => Object.assign(p, { total: Number.NaN })),
      broken((p) => Object.assign(p, { total: Number.POSITIVE_INFINITY })),
      broken((p) => Object.assign(p.data[1]!, { name: undefined })),
      broken((p) => Object.assign(p.data[1]!.scope, { brand_ids: [0] })),
      broken((p) =>
        Object.assign(p.data[1]!.scope, { brand_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }),
      ),
      broken((p) => Object.assign(p, { links: 'none' })),
      broken((p) => Object.assign(p, { data: null })),
      null,
      [],
    ];
    for (const value of cases) {
      const zodOutcome = outcome(zod(usersList.response), value);
      expect(zodOutcome).toHaveProperty('error');
      expect(outcome(fast(usersList.response), value)).toEqual(zodOutcome);
    }
  });

  it('gives what zod gives for optional, nullable, enum and literal values, and for what it leaves to zod', () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.number().nullable(),
      c: z.enum(['one', 'two']),
      d: z.literal(3),
      e: z.string().email(),
      f: z.union([z.string(), z.number()]),
      g: z.string().transform((s) => s.length),
      h: z.array(z.boolean().optional()),
      i: z.object({ x: z.number().int().gte(2).lt(5) }).strict(),
      j: z.date().optional(),
      k: z.unknown(),
    });
    const good = {
      b: null,
      c: 'two',
      d: 3,
      e: 'a@example.com',
      f: 2,
      g: 'x',
      h: [true],
      i: { x: 2 },
      k: { any: 1 },
    };
    const values = [
      good,
      { ...good, a: 'set', b: 1.25 },
      { ...good, a: undefined },
      { ...good, c: 'three' },
      { ...good, d: 4 },
      { ...good, e: 'not an address' },
      { ...good, f: true },
      { ...good, h: [true, undefined] },
      { ...good, i: { x: 5 } },
      { ...good, i: { x: 2, y: 1 } },
      { ...good, j: new Date(0) },
      { ...good, k: undefined },
    ];
    for (const value of values) expectSame(schema, value);
  });

  it('writes an answer shaped exactly as its schema with one JSON.stringify of the whole answer', () => {
    // Keys in the schema's order and no others, as the domain's mappers and paginate write them.
    const exact = (p: ReturnType<typeof page>) => ({
      data: p.data.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        meta: u.meta,
        role_id: u.role_id,
        role: { id: u.role.id, name: u.role.name },
        scope: u.scope,
        created_at: u.created_at,
        updated_at: u.updated_at,
        deleted_at: u.deleted_at,
      })),
      current_page: p.current_page,
      last_page: p.last_page,
      per_page: p.per_page,
      from: p.from,
      to: p.to,
      total: p.total,
      path: p.path,
      first_page_url: p.first_page_url,
      last_page_url: p.last_page_url,
      prev_page_url: p.prev_page_url,
      next_page_url: p.next_page_url,
      links: p.links,
    });
    const answer = { users: exact(page([1, 2])), trashed: exact(page([])) };
    const write = fast(usersList.response);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const json = write(answer);
      expect(stringify).toHaveBeenCalledTimes(1);
      expect(stringify).toHaveBeenCalledWith(answer);
      expect(json).toBe(zod(usersList.response)(answer));
    } finally {
      stringify.mockRestore();
    }
  });

  it('gives what zod gives where JSON.stringify alone would not: keys out of order or extra, hidden, or a class', () => {
    const schema = z.object({
      a: z.string(),
      b: z.number().optional(),
      c: z.object({ x: z.number() }).nullable(),
      d: z.array(z.string()),
    });
    class Point {
      x = 1;
      toJSON() {
        return 'a point';
      }
    }
    const hidden = Object.defineProperty({ a: 'one', c: null, d: [] }, 'b', { value: 2, enumerable: false });
    const values = [
      { a: 'one', b: 2, c: { x: 1 }, d: ['x'] },
      { a: 'one', c: null, d: [] },
      { a: 'one', b: undefined, c: null, d: [] },
      { b: 2, a: 'one', c: null, d: [] },
      { a: 'one', c: { x: 1 }, d: [], e: 'extra' },
      { a: 'one', c: { x: 1, y: 2 }, d: [] },
      hidden,
      { a: 'one', c: new Point(), d: [] },
      Object.assign(Object.create(null) as object, { a: 'one', c: null, d: ['x'] }),
      { a: 'one', c: null },
      { a: 'one', b: Number.NaN, c: null, d: [] },
      { a: 'one', c: null, d: [undefined] },
      { '1': 'a number key first', a: 'one', c: null, d: [] },
    ];
    for (const value of values) expectSame(schema, value);
  });

  it('gives what zod gives for records, unions, patterned strings and defaults', () => {
    const schema = z.object({
      flag: z.union([z.literal(0), z.literal(1)]),
      either: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      code: z.string().regex(/^[A-Z]{2}[0-9]$/g),
      short: z.string().min(2).max(4),
      fields: z.record(z.string(), z.array(z.string())),
      areas: z.partialRecord(z.enum(['pages', 'users']), z.array(z.string())),
      sections: z.record(z.string().max(3), z.number()).default({}),
    });
    const exact = {
      flag: 1,
      either: { b: 2 },
      code: 'AB1',
      short: 'abc',
      fields: { name: ['Ann'], '2': [] },
      areas: { users: ['view'], pages: ['edit'] },
      sections: { one: 1 },
    };
    const write = fast(schema);
    const stringify = vi.spyOn(JSON, 'stringify');
    const json = write(exact);
    const calls = [...stringify.mock.calls];
    stringify.mockRestore();
    // Written whole: the variants below are held to the same check.
    expect(calls).toEqual([[exact]]);
    expect(json).toBe(zod(schema)(exact));
    const variants: Record<string, unknown>[] = [
      { flag: 2 },
      { flag: true },
      { either: { a: 'x', b: 2 } },
      { either: { c: 1 } },
      { code: 'ab1' },
      { code: 'AB12' },
      { short: 'a' },
      { short: 'abcde' },
      { fields: { name: 'not a list' } },
      { fields: { name: undefined } },
      { fields: { ...exact.fields, [Symbol('hidden')]: ['x'] } },
      { fields: JSON.parse('{"__proto__": ["x"], "name": []}') },
      { fields: new Map() },
      { areas: { users: ['view'], other: ['x'] } },
      { areas: {} },
      { sections: undefined },
      { sections: { long: 1 } },
    ];
    for (const variant of variants) expectSame(schema, { ...exact, ...variant });
    // What the check leaves to zod: a record that must hold every named key (zod writes them in the
    // names' order), an exclusive union (which refuses a value two options take), a trimmed string.
    expectSame(z.object({ every: z.record(z.enum(['pages', 'users']), z.number()) }), {
      every: { users: 1, pages: 2 },
    });
    expectSame(z.object({ one: z.xor([z.string(), z.string().min(1)]) }), { one: 'x' });
    expectSame(z.object({ trimmed: z.string().trim() }), { trimmed: '  padded  ' });
  });

  it('writes an answer with records and unions shaped as its schema with one JSON.stringify', () => {
    const schema = z.object({
      flag: z.union([z.literal(0), z.literal(1)]),
      fields: z.record(z.string(), z.object({ label: z.string(), result: z.union([z.string(), z.null()]) })),
      areas: z.partialRecord(z.enum(['pages', 'users']), z.array(z.string())),
      // Global: each answer is tested from the pattern's start, not from where the last test ended.
      code: z.string().regex(/^[0-9]{4}$/g),
    });
    const answer = {
      flag: 0,
      fields: { name: { label: 'Name', result: 'Ann' }, note: { label: 'Note', result: null } },
      areas: { users: ['view'] },
      code: '4242',
    };
    const write = fast(schema);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const json = write(answer);
      const again = write(answer);
      const calls = [...stringify.mock.calls];
      stringify.mockRestore();
      expect(calls).toEqual([[answer], [answer]]);
      expect(again).toBe(json);
      expect(json).toBe(zod(schema)(answer));
    } finally {
      stringify.mockRestore();
    }
  });

  it('compiles every response schema of the contract', () => {
    for (const call of allCalls) expect(() => fast(call.response)).not.toThrow();
  });
});
