import { ADMIN } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';

export interface ProcessAnswer {
  status: number;
  json: Record<string, unknown>;
}

/** Calls the API of a server running as its own process: JSON, or multipart when `form` is given. */
export async function callProcess(
  server: ServerProcess,
  path: string,
  init: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<ProcessAnswer> {
  const post = init.body !== undefined || init.form !== undefined;
  const res = await fetch(`${server.baseURL}/api/${path}`, {
    method: post ? 'POST' : 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

export async function signInTo(server: ServerProcess): Promise<string> {
  const res = await callProcess(server, 'auth/login', {
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  return res.json.access_token as string;
}

/** Reads a job's progress until `done` says it has got far enough; each answer is the server's own record. */
export async function followJob<P>(
  server: ServerProcess,
  token: string,
  path: string,
  done: (progress: P) => boolean,
): Promise<P> {
  for (;;) {
    const res = await callProcess(server, path, { token });
    const progress = res.json.data as P;
    if (done(progress)) return progress;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Servers started as processes by one test file, so that a failed test leaves none running. */
export function serverProcesses(env: () => Record<string, string>) {
  const started: ServerProcess[] = [];
  return {
    async start(): Promise<ServerProcess> {
      const server = await startServerProcess(env());
      started.push(server);
      return server;
    },
    /** kill -9: no shutdown hook runs, as when the machine loses power. */
    async kill(server: ServerProcess): Promise<void> {
      server.child.kill('SIGKILL');
      await server.exited;
    },
    async stop(server: ServerProcess): Promise<void> {
      server.child.kill('SIGTERM');
      await server.exited;
    },
    async stopAll(): Promise<void> {
      for (const server of started) {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
        await server.exited;
      }
    },
  };
}
