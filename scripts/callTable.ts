import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import type { CallTable } from '../src/api/callTable';
import { packCallTable } from '../src/api/callTablePack';

export const CALL_TABLE_MODULE = 'virtual:api-call-table';
const RESOLVED = `\0${CALL_TABLE_MODULE}`;
const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'api');
const source = (path: string) => join(apiDir, path);
/** The contract imports the shared rules by the `@/` alias (src/shared/access.ts), as the console does. */
const runnerConfig = { configFile: false as const, resolve: { alias: { '@': join(apiDir, '..') } } };

/**
 * The table, read from the contract in Node. One import, so the permission table looks up the very
 * call definitions it is given (a second import would load the contract again, as other objects).
 */
async function readCallTable(): Promise<CallTable> {
  const { module: table } = await runnerImport<typeof import('../src/api/callTable')>(
    source('callTable.ts'),
    runnerConfig,
  );
  return table.contractCallTable();
}

/**
 * `virtual:api-call-table`: every call's method, path, sign-in flag and permission (src/api/callTable.ts).
 * A build writes the table as plain data (packed in one string: src/api/callTablePack.ts), so the console makes its calls without building the
 * contract's zod schemas in the browser, a tenth of a second of a slow phone's main thread before
 * the first call could go out. Served (dev server, tests), it derives the table from the contract
 * at run time, so an edit to the contract takes effect at once.
 */
export function callTable(): Plugin {
  let build = false;
  return {
    name: 'api-call-table',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === CALL_TABLE_MODULE ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      if (build)
        return [
          `import { unpackCallTable } from ${JSON.stringify(source('callTablePack.ts'))};`,
          `export const callTable = unpackCallTable(${JSON.stringify(packCallTable(await readCallTable()))});`,
        ].join('\n');
      return [
        `import { contractCallTable } from ${JSON.stringify(source('callTable.ts'))};`,
        'export const callTable = contractCallTable();',
      ].join('\n');
    },
  };
}
