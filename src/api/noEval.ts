import { z } from 'zod';

/*
 * zod compiles object parsers with `new Function` when it may, and probes for it when each
 * object schema is built. The console's Content-Security-Policy forbids eval, so every probe
 * would be reported as a violation: in the browser, zod parses without compiling.
 */
z.config({ jitless: true });
