import type { z } from 'zod';

export type Method = 'GET' | 'POST';

/**
 * One call of the admin API (spec §7). The console's client and the server's routes are
 * both built from these definitions, so the two cannot drift apart.
 *
 * `path` has no leading slash and names path parameters as `:id`; it is relative to the
 * API base (`/api/` here, `VITE_API_URL` for another server).
 */
export interface CallDef {
  method: Method;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the call reads, for the calls made by other systems (a webhook's signature). */
  headers?: z.ZodType;
  /** The body is multipart/form-data (uploads); `body` then describes its text fields. */
  multipart?: boolean;
  /** False for the few calls that work without a token (login, refresh). */
  auth?: boolean;
  response: z.ZodType;
  /** Failures beyond the ones every call may answer (a payment provider that is down: 502). */
  failures?: Record<number, z.ZodType>;
  summary: string;
}

export function defineCall<const T extends CallDef>(def: T): T {
  return def;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: only the parts the call declares. */
export type CallInput<C extends CallDef> = (C['params'] extends z.ZodType
  ? { params: InputOf<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query: InputOf<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType
    ? C['multipart'] extends true
      ? { body: FormData }
      : { body: InputOf<C['body']> }
    : { body?: undefined });

export type CallOutput<C extends CallDef> = z.output<C['response']>;

/** Fills `:name` placeholders of a call's path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
