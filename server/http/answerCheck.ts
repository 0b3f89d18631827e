import type { $ZodType } from 'zod/v4/core';
import {
  type CheckDef,
  defOf,
  lengthCheck,
  numberCheck,
  passes,
  predicates,
  scalarValues,
  type ZodDef,
} from './schemaParts';

/**
 * Whether an answer is exactly what its schema describes, written as JSON.stringify writes it: plain
 * objects (no class, so no `toJSON`) with the schema's keys in its order and no others, records of
 * the keys zod would read off them, and every value of the schema's kind and checks. For such an
 * answer the schema's JSON and JSON.stringify's are the same text (see serializer.ts). The check
 * only reads the answer; a schema with a part it cannot hold an answer to by reading (a transform,
 * an exclusive union, a format it does not know) has none.
 */

export type Check = (value: unknown) => boolean;

/**
 * The check for a schema (see above): null where any part of it is one the check leaves to zod, or
 * where it holds itself.
 */
export function compileCheck(schema: $ZodType, compiling: Set<$ZodType> = new Set()): Check | null {
  if (compiling.has(schema)) return null;
  compiling.add(schema);
  try {
    return checkDef(defOf(schema), compiling);
  } finally {
    compiling.delete(schema);
  }
}

/** A string check the answer can be held to by reading it (a length or a pattern), else null. */
function stringCheck(check: CheckDef): ((s: string) => boolean) | null {
  const { pattern } = check;
  if (check.check === 'string_format' && check.format === 'regex' && pattern instanceof RegExp)
    return (s) => {
      // As zod tests it: a global or sticky pattern from its start.
      pattern.lastIndex = 0;
      return pattern.test(s);
    };
  const length = lengthCheck(check);
  return length && ((s) => length(s.length));
}

function checkDef(def: ZodDef, compiling: Set<$ZodType>): Check | null {
  switch (def.type) {
    case 'string': {
      const checks = predicates<string>(def, stringCheck);
      if (!checks) return null;
      if (checks.length === 0) return (value) => typeof value === 'string';
      return (value) => typeof value === 'string' && passes(checks, value);
    }
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
      const set = scalarValues(def);
      return set && ((value) => set.has(value));
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
    case 'union': {
      // zod answers the first option that fits; every option here answers its value unchanged, so
      // any that fits gives the same JSON. An exclusive union (one option only) is left to zod.
      if (def.inclusive === false) return null;
      const options = (def.options ?? []).map((option) => compileCheck(option, compiling));
      if (options.length === 0 || !options.every((o) => o !== null)) return null;
      return (value) => {
        for (const option of options as Check[]) if (option(value)) return true;
        return false;
      };
    }
    case 'default':
    case 'prefault': {
      // A value that is there is answered as the inner schema answers it; a missing one gets zod's default.
      const inner = compileCheck(def.innerType as $ZodType, compiling);
      return inner && ((value) => value !== undefined && inner(value));
    }
    case 'record':
      return recordCheck(def, compiling);
    default:
      return null;
  }
}

/**
 * A record whose keys zod reads off the value (any string key schema, or a partial one of named
 * keys): zod then answers the value's own keys in its own order, as JSON.stringify does. A record
 * that must hold every named key (answered in the names' order) is left to zod.
 */
function recordCheck(def: ZodDef, compiling: Set<$ZodType>): Check | null {
  const keyType = def.keyType as $ZodType;
  if (def.mode === 'loose' || (keyType._zod.values && !def.partial)) return null;
  const key = compileCheck(keyType, compiling);
  const item = key && compileCheck(def.valueType as $ZodType, compiling);
  if (!key || !item) return null;
  return (value) => {
    if (typeof value !== 'object' || value === null) return false;
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    // zod would read a symbol key (and refuse it) where JSON.stringify leaves it out.
    if (Object.getOwnPropertySymbols(value).length) return false;
    const record = value as Record<string, unknown>;
    for (const k in record) {
      // zod leaves out a key named __proto__, which JSON.stringify would write.
      if (k === '__proto__' || !key(k)) return false;
      const v = record[k];
      if (v === undefined || !item(v)) return false;
    }
    return true;
  };
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
