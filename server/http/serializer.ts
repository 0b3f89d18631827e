import type { FastifySchema } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * Fastify's serializer for every answer: each response schema compiled once into a writer that
 * checks the answer against the schema and writes its JSON in one pass, the schema's keys only,
 * in its order, as zod's encode and JSON.stringify together write them. Where a schema holds
 * anything the writer does not know to the letter (a transform, a union, a refinement, a format
 * check), that part is encoded by zod itself; and where an answer does not fit the writer's
 * checks, the whole answer goes through fastify-type-provider-zod's serializer, which gives the
 * same JSON or the same error it always did. So the contract is checked as strictly as before;
 * only the common case costs less.
 *
 * Commoner still: an answer made of plain objects whose keys are exactly the schema's, in its
 * order (as the domain's mappers write them). Then the schema's JSON and JSON.stringify's are the
 * same text, so a schema the writer knows throughout is also compiled into a check that only
 * reads the answer, and an answer that passes it is written by JSON.stringify: one flat string
 * from V8's own serializer, where the writer joins one piece per value (which the socket write
 * must then flatten). An answer the check refuses goes to the writer as before.
 */

/** Thrown inside a writer when the answer does not fit: the zod serializer then decides. */
const MISFIT: unique symbol = Symbol('misfit');

type Writer = (value: unknown) => string;

interface ZodDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  maximum?: number;
  minimum?: number;
  length?: number;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as ZodDef;
const misfit = (): never => {
  throw MISFIT;
};
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number check as a predicate, or null for one the writer leaves to zod. */
function numberCheck(check: CheckDef): ((n: number) => boolean) | null {
  const bound = check.value;
  switch (check.check) {
    case 'number_format':
      return check.format === 'safeint' ? Number.isSafeInteger : null;
    case 'greater_than':
      if (typeof bound !== 'number') return null;
      return check.inclusive ? (n) => n >= bound : (n) => n > bound;
    case 'less_than':
      if (typeof bound !== 'number') return null;
      return check.inclusive ? (n) => n <= bound : (n) => n < bound;
    default:
      return null;
  }
}

/** An array length check as a predicate, or null for one the writer leaves to zod. */
function lengthCheck(check: CheckDef): ((n: number) => boolean) | null {
  const { maximum, minimum, length } = check;
  if (check.check === 'max_length' && maximum !== undefined) return (n) => n <= maximum;
  if (check.check === 'min_length' && minimum !== undefined) return (n) => n >= minimum;
  if (check.check === 'length_equals' && length !== undefined) return (n) => n === length;
  return null;
}

/** Every check made a predicate, or null when any is one the writer leaves to zod. */
function predicates<T>(def: ZodDef, make: (check: CheckDef) => ((v: T) => boolean) | null) {
  const made = (def.checks ?? []).map((check) => make(check._zod.def));
  return made.every((p) => p !== null) ? (made as ((v: T) => boolean)[]) : null;
}

/** Whether `value` passes every check (a loop, where `every` would make a closure per value). */
function passes<T>(checks: ((v: T) => boolean)[], value: T): boolean {
  for (const check of checks) if (!check(value)) return false;
  return true;
}

/** A part of a schema zod encodes itself, its JSON written by JSON.stringify as before. */
function byZod(schema: $ZodType): Writer {
  return (value) => {
    const result = safeEncode(schema, value);
    if (!result.success) return misfit();
    const json = JSON.stringify(result.data);
    return json === undefined ? misfit() : json;
  };
}

function compile(schema: $ZodType, compiling: Set<$ZodType>): Writer {
  // A schema that holds itself (a tree) is left to zod below its first level.
  if (compiling.has(schema)) return byZod(schema);
  compiling.add(schema);
  try {
    return compileDef(defOf(schema), compiling) ?? byZod(schema);
  } finally {
    compiling.delete(schema);
  }
}

function compileDef(def: ZodDef, compiling: Set<$ZodType>): Writer | null {
  switch (def.type) {
    case 'string':
      if (def.checks?.length) return null;
      return (value) => (typeof value === 'string' ? JSON.stringify(value) : misfit());
    case 'boolean':
      return (value) => (value === true ? 'true' : value === false ? 'false' : misfit());
    case 'null':
      return (value) => (value === null ? 'null' : misfit());
    case 'number': {
      const checks = predicates<number>(def, numberCheck);
      if (!checks) return null;
      // The common case, an integer id or count, in one check without a loop.
      if (checks.length === 1 && checks[0] === Number.isSafeInteger)
        return (value) => (Number.isSafeInteger(value) ? String(value) : misfit());
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) && passes(checks, value)
          ? String(value)
          : misfit();
    }
    case 'literal':
    case 'enum': {
      const allowed = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
      if (!allowed.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) return null;
      // A number enum's entries hold its reverse names too; zod takes only its values.
      if (def.type === 'enum' && allowed.some((v) => typeof v === 'number')) return null;
      const set = new Set<unknown>(allowed);
      return (value) => (set.has(value) ? JSON.stringify(value) : misfit());
    }
    case 'nullable': {
      const inner = compile(def.innerType as $ZodType, compiling);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'optional': {
      // Outside an object (where a missing key is left out), undefined has no JSON of its own.
      const inner = compile(def.innerType as $ZodType, compiling);
      return (value) => (value === undefined ? misfit() : inner(value));
    }
    case 'array': {
      const checks = predicates<number>(def, lengthCheck);
      if (!checks) return null;
      const element = compile(def.element as $ZodType, compiling);
      return (value) => {
        if (!Array.isArray(value) || !passes(checks, value.length)) return misfit();
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + element(value[i]);
        return `${out}]`;
      };
    }
    case 'object':
      return def.catchall || def.checks?.length ? null : objectWriter(def.shape ?? {}, compiling);
    default:
      return null;
  }
}

/** An object's keys in its schema's order, each written by its own writer; others are left out. */
function objectWriter(shape: Record<string, $ZodType>, compiling: Set<$ZodType>): Writer {
  const fields = Object.entries(shape).map(([key, schema]) => ({
    key,
    prefix: `${JSON.stringify(key)}:`,
    // zod passes an optional key that is missing; JSON.stringify leaves out one that is undefined.
    optional: defOf(schema).type === 'optional',
    write: compile(schema, compiling),
  }));
  return (value) => {
    if (!isPlainObject(value)) return misfit();
    let out = '{';
    let first = true;
    for (const field of fields) {
      const v = value[field.key];
      if (v === undefined) {
        if (field.optional) continue;
        return misfit();
      }
      out += (first ? '' : ',') + field.prefix + field.write(v);
      first = false;
    }
    return `${out}}`;
  };
}

type Check = (value: unknown) => boolean;

/**
 * Whether a value is what the schema describes, written as JSON.stringify writes it: plain objects
 * with the schema's keys in its order and no others. Null for a schema with any part the writer
 * leaves to zod, or that holds itself.
 */
function compileCheck(schema: $ZodType, compiling: Set<$ZodType>): Check | null {
  if (compiling.has(schema)) return null;
  compiling.add(schema);
  try {
    return checkDef(defOf(schema), compiling);
  } finally {
    compiling.delete(schema);
  }
}

function checkDef(def: ZodDef, compiling: Set<$ZodType>): Check | null {
  switch (def.type) {
    case 'string':
      return def.checks?.length ? null : (value) => typeof value === 'string';
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'number': {
      const checks = predicates<number>(def, numberCheck);
      if (!checks) return null;
      if (checks.length === 1 && checks[0] === Number.isSafeInteger) return Number.isSafeInteger;
      return (value) => typeof value === 'number' && Number.isFinite(value) && passes(checks, value);
    }
    case 'literal':
    case 'enum': {
      // The writer's verdict on the schema: where it leaves the values to zod, so does the check.
      if (compileDef(def, compiling) === null) return null;
      const set = new Set<unknown>(def.type === 'enum' ? Object.values(def.entries ?? {}) : def.values);
      return (value) => set.has(value);
    }
    case 'nullable': {
      const inner = compileCheck(def.innerType as $ZodType, compiling);
      return inner && ((value) => value === null || inner(value));
    }
    case 'optional': {
      const inner = compileCheck(def.innerType as $ZodType, compiling);
      return inner && ((value) => value !== undefined && inner(value));
    }
    case 'array': {
      const checks = predicates<number>(def, lengthCheck);
      const element = checks && compileCheck(def.element as $ZodType, compiling);
      if (!checks || !element) return null;
      return (value) => {
        if (!Array.isArray(value) || !passes(checks, value.length)) return false;
        for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
        return true;
      };
    }
    case 'object':
      return def.catchall || def.checks?.length ? null : objectCheck(def.shape ?? {}, compiling);
    default:
      return null;
  }
}

/** A plain object (no class, so no toJSON) whose keys are the schema's, in its order. */
function objectCheck(shape: Record<string, $ZodType>, compiling: Set<$ZodType>): Check | null {
  const fields: { key: string; optional: boolean; check: Check }[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const check = compileCheck(schema, compiling);
    if (!check) return null;
    fields.push({ key, optional: defOf(schema).type === 'optional', check });
  }
  // A key the schema names that the value's own keys pass over: absent (or not enumerable, which
  // JSON.stringify would leave out and the schema would not) is fine only where it is optional.
  const passedOver = (value: Record<string, unknown>, field: (typeof fields)[number]) =>
    field.optional && value[field.key] === undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null) return false;
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    const record = value as Record<string, unknown>;
    let next = 0;
    for (const key in record) {
      while (next < fields.length && fields[next]!.key !== key) {
        if (!passedOver(record, fields[next]!)) return false;
        next++;
      }
      const field = fields[next++];
      if (!field) return false;
      const v = record[key];
      if (v === undefined ? !field.optional : !field.check(v)) return false;
    }
    for (; next < fields.length; next++) if (!passedOver(record, fields[next]!)) return false;
    return true;
  };
}

/** One schema's writer: the fast one, and zod's serializer wherever the fast one does not fit. */
export function responseWriter(schema: $ZodType, slow: Writer): Writer {
  const fast = compile(schema, new Set());
  const check = compileCheck(schema, new Set());
  return (value) => {
    try {
      if (check?.(value)) return JSON.stringify(value);
      return fast(value);
    } catch (error) {
      if (error !== MISFIT) throw error;
      return slow(value);
    }
  };
}

/** Fastify's serializer compiler: each route's response schema compiled once (see above). */
export function serializerCompiler(route: {
  schema: FastifySchema;
  method: string;
  url: string;
  httpStatus?: string;
}): Writer {
  const slow = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Writer;
  const schema = route.schema as unknown;
  const zod =
    schema instanceof $ZodType
      ? schema
      : isPlainObject(schema) && schema.properties instanceof $ZodType
        ? schema.properties
        : null;
  return zod ? responseWriter(zod, slow) : slow;
}
