import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import type { CallTable } from '../src/api/callTable';
import type { CallDef } from '../src/api/contract/define';

export const CALL_TABLE_MODULE = 'virtual:api-call-table';
const RESOLVED = `\0${CALL_TABLE_MODULE}`;
const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'api');
const source = (path: string) => join(apiDir, path);
/** The contract imports through the '@' alias (vite.config.ts), which a config-less runner does not know. */
const runnerConfig = { configFile: false, resolve: { alias: { '@': join(apiDir, '..') } } } as const;

/** The table, read from the contract in Node: what a build writes into the console. */
async function readCallTable(): Promise<CallTable> {
  const [{ module: all }, { module: table }] = await Promise.all([
    runnerImport<{ contract: Record<string, Record<string, CallDef>> }>(
      source('contract/all.ts'),
      runnerConfig,
    ),
    runnerImport<typeof import('../src/api/callTable')>(source('callTable.ts'), runnerConfig),
  ]);
  return table.toCallTable(all.contract);
}

/**
 * `virtual:api-call-table`: every call's method, path and sign-in flag (src/api/callTable.ts).
 * A build writes the table as plain data, so the console makes its calls without building the
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
      if (build) return `export const callTable = ${JSON.stringify(await readCallTable())};\n`;
      return [
        `import { toCallTable } from ${JSON.stringify(source('callTable.ts'))};`,
        `import { contract } from ${JSON.stringify(source('contract/all.ts'))};`,
        'export const callTable = toCallTable(contract);',
      ].join('\n');
    },
  };
}
