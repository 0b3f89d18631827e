import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { portOfListeningLine } from '@server/listening';

export interface ServerProcess {
  baseURL: string;
  child: ChildProcess;
  output(): string;
  /** Resolves once the process has exited (and been reaped). */
  exited: Promise<void>;
}

/** Runs server/main.ts as its own process, as production does, and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // The system picks the port as the server binds it: a port picked beforehand can be taken by
  // another process's connection before the server gets to it.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<number>((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`The server exited before listening (${signal ?? code}):\n${text}`)),
    );
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => {
        text += `${line}\n`;
        const port = portOfListeningLine(line);
        if (port !== null) resolve(port);
      });
    }
  });
  const port = await listening;
  return { baseURL: `http://127.0.0.1:${port}`, child, output: () => text, exited };
}
