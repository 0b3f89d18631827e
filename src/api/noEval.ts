/*
 * zod compiles object parsers with `new Function` when it may, and probes for it when each
 * object schema is built. The console's Content-Security-Policy forbids eval, so every probe
 * would be reported as a violation: in the browser, zod parses without compiling.
 *
 * zod keeps its settings on globalThis.__zod_globalConfig (so that copies of zod share them).
 * Setting them there, rather than through `config()`, keeps zod itself out of the scripts of
 * the first paint: it loads later, with the screens that parse.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
