import type { FastifySchema } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { compileCheck } from './answerCheck';
import {
  defOf,
  isPlainObject,
  lengthCheck,
  numberCheck,
  passes,
  predicates,
  scalarValues,
  type ZodDef,
} from './schemaParts';

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
 * same text, so each schema is also compiled into a check that only reads the answer
 * (answerCheck.ts), and an answer that passes it is written by JSON.stringify: one flat string
 * from V8's own serializer, where the writer joins one piece per value (which the socket write
 * must then flatten). An answer the check refuses goes to the writer as before.
 */

/** Thrown inside a writer when the answer does not fit: the zod serializer then decides. */
const MISFIT: unique symbol = Symbol('misfit');

type Writer = (value: unknown) => string;

const misfit = (): never => {
  throw MISFIT;
};

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
      const set = scalarValues(def);
      return set && ((value) => (set.has(value) ? JSON.stringify(value) : misfit()));
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

/** One schema's writer: the fast one, and zod's serializer wherever the fast one does not fit. */
export function responseWriter(schema: $ZodType, slow: Writer): Writer {
  const fast = compile(schema, new Set());
  const check = compileCheck(schema);
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
