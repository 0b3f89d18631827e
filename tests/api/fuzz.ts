import { z } from 'zod';
import type { CallDef } from '@/api/contract/define';

// Random but reproducible input, to prove that no input makes the API fail with a 5xx.

/** mulberry32: a small seeded generator, so a failing case can be replayed. */
export function random(seed: number, ids: readonly number[] = [1, 2, 3]) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  // Ids that plausible bodies refer to, so that some of them name real records.
  return { next, int, pick, ids };
}
export type Random = ReturnType<typeof random>;

export const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0.5,
  2147483647,
  2147483648,
  -2147483649,
  9007199254740991,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
];
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e400',
  'null',
  'true',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'ZA\u0308\u0303LGO\u0338 \uD83D\uDE97\uD83C\uDFCE\uFE0F',
  "' OR 1=1 --",
  "Robert'); DROP TABLE users;--",
  '%_\\',
  '../../../../etc/passwd',
  '/storage/avatar/..',
  '/storage/avatar/.',
  '<script>alert(1)</script>',
  '{{7*7}}$' + '{7*7}',
  '2024-02-30T25:61:61Z',
  'admin@example.com',
  'ADMIN@EXAMPLE.COM',
  'a@b',
  'x'.repeat(256),
  'y'.repeat(70_000),
];

/** What the one-field-at-a-time pass puts in each field. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  {},
  [],
  { a: { b: { c: [1] } } },
  -1,
  1.5,
  2147483648,
  1e308,
  '',
  '\u0000',
  'Fuzz a\u0000b zzzz',
  'Fuzz \ud800 zzzz',
  'Fuzz \u202e\u0645\u0631\u062d\u0628\u0627 \uD83D\uDE97 zzzz',
  "Fuzz Robert'); DROP TABLE users;-- zzzz",
  'Fuzz %_\\ zzzz',
  'y'.repeat(70_000),
];

export function randomValue(rng: Random, depth = 0): unknown {
  const kind = rng.int(depth > 3 ? 4 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.pick(HOSTILE_NUMBERS);
    case 2:
      return rng.pick(HOSTILE_STRINGS);
    case 3:
      return rng.next() < 0.5;
    case 4:
      return Array.from({ length: rng.int(5) }, () => randomValue(rng, depth + 1));
    case 5: {
      const object: Record<string, unknown> = {};
      for (let i = rng.int(5); i > 0; i--)
        object[rng.pick(['a', 'id', 'data', 'users', '0', ''])] = randomValue(rng, depth + 1);
      return object;
    }
    default: {
      // Deep nesting in one go, as a single request can.
      let nested: unknown = rng.pick(HOSTILE_STRINGS);
      for (let i = rng.int(200); i > 0; i--) nested = rng.next() < 0.5 ? [nested] : { a: nested };
      return nested;
    }
  }
}

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  minItems?: number;
  pattern?: string;
}

export function schemaOf(call: CallDef): JsonSchema {
  try {
    return call.body
      ? (z.toJSONSchema(call.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
      : {};
  } catch {
    return {};
  }
}

/** A value that fits the schema as far as a JSON schema can tell, so mutations reach the handler. */
/** Fields that hold a library image's id. */
const IMAGE_FIELD = /^(avatar|logo|banner_img|dealer_img|image)$/;

export function plausible(rng: Random, schema: JsonSchema, key = ''): unknown {
  if (schema.enum) return rng.pick(schema.enum);
  // A library item's id cannot be guessed: a plausible record has no image (the sweep still sends
  // every hostile value to these fields).
  if (IMAGE_FIELD.test(key) && schema.anyOf?.some((branch) => branch.type === 'null')) return null;
  if (schema.anyOf) {
    // A pattern cannot be satisfied blindly; take another branch (usually null) where there is one.
    const simple = schema.anyOf.filter((branch) => !branch.pattern);
    return plausible(rng, rng.pick(simple.length ? simple : schema.anyOf), key);
  }
  switch (schema.type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || rng.next() < 0.6)
          object[name] = plausible(rng, property, name);
      }
      return object;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1 + rng.int(3)) }, () =>
        plausible(rng, schema.items ?? {}, key),
      );
    case 'integer':
    case 'number':
      return rng.pick(rng.ids);
    case 'boolean':
      return rng.next() < 0.5;
    case 'null':
      return null;
    case 'string':
      if (/email/.test(key)) return `fuzz.${rng.int(1e6)}@example.com`;
      if (/_at$/.test(key)) return new Date(Date.now() - rng.int(1e9)).toISOString();
      return `Fuzz ${'z'.repeat(Math.max(schema.minLength ?? 0, 8))}`;
    default:
      // A field read through a preprocess (a role chosen in a form) has no type in its JSON schema;
      // one named as an id still takes an id, or no plausible body would ever reach the database.
      if (/(^|_)id$/.test(key)) return rng.pick(rng.ids);
      return randomValue(rng);
  }
}

/** A hostile value, usually of the type the field expects, so that it passes the schema and meets the database. */
export function hostile(rng: Random, schema: JsonSchema | undefined): unknown {
  if (!schema || rng.next() < 0.3) return randomValue(rng);
  const type = schema.type ?? schema.anyOf?.find((branch) => branch.type !== 'null')?.type;
  switch (type) {
    case 'string':
      return rng.next() < 0.5 ? rng.pick(HOSTILE_STRINGS) : `Fuzz ${rng.pick(HOSTILE_STRINGS)} zzzzzzzz`;
    case 'integer':
    case 'number':
      return rng.pick(HOSTILE_NUMBERS);
    case 'array':
      return [plausible(rng, schema.items ?? {}), hostile(rng, schema.items)];
    default:
      return randomValue(rng);
  }
}

/** A body for one call: mostly the right shape with a field or two broken, sometimes anything at all. */
export function fuzzBody(rng: Random, schema: JsonSchema): unknown {
  if (rng.next() < 0.2) return randomValue(rng);
  const body = plausible(rng, schema);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const object = body as Record<string, unknown>;
  const keys = [...Object.keys(schema.properties ?? {}), 'extra'];
  for (let i = rng.int(3); i > 0; i--) {
    const key = rng.pick(keys);
    if (rng.next() < 0.15) delete object[key];
    else object[key] = hostile(rng, schema.properties?.[key]);
  }
  return object;
}

/** Raw texts no JSON.stringify would produce. */
export const RAW_BODIES = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"users":[1e999],"type":"all"}',
  '{"name":"a","name":"b"}',
  '[]',
  'null',
  '""',
  '0',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"big":"${'z'.repeat(1024 * 1024 + 10)}"}`,
];

/** The query's JSON schema of a call, as `schemaOf` gives its body's. */
export function querySchemaOf(call: CallDef): JsonSchema {
  try {
    return call.query
      ? (z.toJSONSchema(call.query, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
      : {};
  } catch {
    return {};
  }
}

/** Every field of a schema, nested groups included, as the path to it. */
export function fieldPaths(schema: JsonSchema, at: string[] = []): { path: string[]; schema: JsonSchema }[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    const path = [...at, key];
    const group = property.type === 'object' ? property : property.anyOf?.find((b) => b.type === 'object');
    return group?.properties
      ? [{ path, schema: property }, ...fieldPaths(group, path)]
      : [{ path, schema: property }];
  });
}

/** Wrong values of each common kind: too long, the wrong type, out of range, no allowed value. */
export const WRONG_VALUES: unknown[] = ['x'.repeat(70_000), 'abc', 1e12, 'bogus-value', {}];
/** The same, as a query string carries them. */
export const WRONG_QUERY_VALUES = ['x'.repeat(5000), 'abc', '-1e12', 'bogus-value'];

/** A copy of `body` with the value at `path` replaced (groups on the way made where missing). */
export function withValueAt(body: unknown, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(
    body && typeof body === 'object' && !Array.isArray(body) ? body : {},
  ) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    at[key] = next && typeof next === 'object' && !Array.isArray(next) ? next : {};
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
  return copy;
}

/** Every message a failure body carries: its message and each field's. */
export function messagesOf(body: { message?: unknown; errors?: Record<string, unknown> }): string[] {
  return [
    String(body.message ?? ''),
    ...Object.values(body.errors ?? {})
      .flat()
      .map(String),
  ];
}
