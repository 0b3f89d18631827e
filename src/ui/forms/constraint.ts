import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from 'zod';

type Constraints = ReturnType<typeof getZodConstraint>;
type Constraint = NonNullable<Constraints[string]>;

/**
 * A field is required when leaving it blank is refused. Forms send a blank text input as nothing
 * (conform turns '' into undefined) and an unticked box as nothing or false; so a field that takes
 * undefined (optional, nullish, a default, a prefault) or false (a switch) is not required.
 */
export function isRequiredField(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success && !schema.safeParse(false).success;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The object or array a field holds once wrappers are peeled off: optional, nullable, default,
 * prefault (a group parsed as {} when missing), readonly, catch, lazy, and the input side of a
 * pipe (what the form sends, before any transform).
 */
function container(schema: z.ZodType): { shape: Record<string, z.ZodType> } | { element: z.ZodType } | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return { shape: def.shape as Record<string, z.ZodType> };
    case 'array':
      return { element: def.element as z.ZodType };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return container(def.innerType as z.ZodType);
    case 'lazy':
      return container((def.getter as () => z.ZodType)());
    case 'pipe':
      return container(def.in as z.ZodType) ?? container(def.out as z.ZodType);
    default:
      return null;
  }
}

/** Every field name (conform's, lists as `team[]`) with whether it is required. */
export function requiredFields(schema: z.ZodType, prefix = '', into: Record<string, boolean> = {}) {
  const inner = container(schema);
  if (!inner) return into;
  if ('shape' in inner) {
    for (const [key, field] of Object.entries(inner.shape)) {
      const name = prefix ? `${prefix}.${key}` : key;
      into[name] = isRequiredField(field);
      requiredFields(field, name, into);
    }
  } else {
    const name = `${prefix}[]`;
    into[name] = isRequiredField(inner.element);
    requiredFields(inner.element, name, into);
  }
  return into;
}

/** `team[2].image[0]` → `team[].image[]`: every item of a list shares its constraint. */
const listName = (name: string) => name.replace(/\[\d+\]/g, '[]');

/**
 * conform's constraint with `required` taken from what the schema refuses. conform's own reading
 * looks only at the output side of a pipe and does not open prefaults, so it marks the
 * blank-allowed helpers (optionalStoredPath, optionalId, optionalDateTime, bool) required and
 * leaves the fields of a group (address.*) out altogether.
 */
export function formConstraint(schema: z.ZodObject): Constraints {
  const conform = getZodConstraint(schema);
  const required = requiredFields(schema);
  const cache = new Map<string, Constraint | undefined>();
  return new Proxy(conform, {
    get(target, name, receiver) {
      if (typeof name !== 'string') return Reflect.get(target, name, receiver);
      if (cache.has(name)) return cache.get(name);
      const key = listName(name);
      const own = required[key];
      const base = Reflect.get(target, name, receiver) as Constraint | undefined;
      const value = own === undefined ? base : { ...base, required: own };
      cache.set(name, value);
      return value;
    },
    has(target, name) {
      return (typeof name === 'string' && listName(name) in required) || Reflect.has(target, name);
    },
  });
}
