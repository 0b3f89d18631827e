import type { $ZodType } from 'zod/v4/core';

/** What the answer writer and the answer check read of a zod schema's definition. */

export interface ZodDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: $ZodType[];
  inclusive?: boolean;
  keyType?: $ZodType;
  valueType?: $ZodType;
  partial?: boolean;
  mode?: string;
}

export interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  maximum?: number;
  minimum?: number;
  length?: number;
  pattern?: RegExp;
}

export const defOf = (schema: $ZodType) => schema._zod.def as unknown as ZodDef;
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number check as a predicate, or null for one the writer leaves to zod. */
export function numberCheck(check: CheckDef): ((n: number) => boolean) | null {
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
export function lengthCheck(check: CheckDef): ((n: number) => boolean) | null {
  const { maximum, minimum, length } = check;
  if (check.check === 'max_length' && maximum !== undefined) return (n) => n <= maximum;
  if (check.check === 'min_length' && minimum !== undefined) return (n) => n >= minimum;
  if (check.check === 'length_equals' && length !== undefined) return (n) => n === length;
  return null;
}

/** Every check made a predicate, or null when any is one the writer leaves to zod. */
export function predicates<T>(def: ZodDef, make: (check: CheckDef) => ((v: T) => boolean) | null) {
  const made = (def.checks ?? []).map((check) => make(check._zod.def));
  return made.every((p) => p !== null) ? (made as ((v: T) => boolean)[]) : null;
}

/** Whether `value` passes every check (a loop, where `every` would make a closure per value). */
export function passes<T>(checks: ((v: T) => boolean)[], value: T): boolean {
  for (const check of checks) if (!check(value)) return false;
  return true;
}

/**
 * The values a literal or an enum allows, where the answer can be held to them by identity: strings,
 * numbers and booleans (a number enum's entries hold its reverse names too, and zod takes only its
 * values, so one is left to zod). Null otherwise.
 */
export function scalarValues(def: ZodDef): Set<unknown> | null {
  const allowed = def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []);
  if (!allowed.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) return null;
  if (def.type === 'enum' && allowed.some((v) => typeof v === 'number')) return null;
  return new Set<unknown>(allowed);
}
