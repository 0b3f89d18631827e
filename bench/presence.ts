/**
 * Presence with a crowd (issue #28): 50 editors have one page open, and another editor comes and
 * goes. Each arrival and departure is timed from the moment it happens (the newcomer's stream is
 * asked for, or closed) to the moment each of the 50 others' streams says so: a browser's
 * EventSource would show the change then. On PGlite one process serves everyone; on PostgreSQL two
 * processes share one database and the crowd is split between them, so half the updates cross
 * LISTEN/NOTIFY. The goal: p95 under 1 s.
 */
import { loadavg } from 'node:os';
import { openPresence, type PresenceStream } from '../tests/api/presence-stream';
import type { Benchmark, Budget } from './benchmark';
import { p95 } from './builderPage';
import { type BenchServer, postgresUrl, seedBenchData } from './server';

const EDITORS = 50;
/** Arrivals and departures of the extra editor, each timed at every one of the 50. */
const ROUNDS = 20;
const GOAL_MS = 1000;
const PASSWORD = 'Presence-Bench-Password-1';

interface Caller {
  post(path: string, body: unknown): Promise<Record<string, unknown>>;
  get(path: string): Promise<Record<string, unknown>>;
}

function caller(base: string, token: string): Caller {
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  return { post: (path, body) => send('POST', path, body), get: (path) => send('GET', path) };
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Makes the editors (Group administrators, so nothing but presence is measured) and signs each in. */
async function makeEditors(
  servers: BenchServer[],
  count: number,
): Promise<{ name: string; token: string }[]> {
  const admin = caller(servers[0]!.base, await servers[0]!.token());
  const roles = (await admin.get('/api/roles?perPage=-1')).roles as { data: { id: number; name: string }[] };
  const roleId = roles.data.find((r) => r.name === 'Group administrator')!.id;
  const editors: { name: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const name = `Presence Editor ${i + 1}`;
    const email = `presence.editor.${i + 1}@example.com`;
    await admin.post('/api/users/create', {
      name,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      role_id: roleId,
      telephone: null,
      job_title: null,
    });
    // Each signs in at the process that will serve their stream.
    editors.push({ name, token: await signIn(servers[i % servers.length]!.base, email) });
  }
  return editors;
}

async function firstPageId(server: BenchServer): Promise<number> {
  const list = await caller(server.base, await server.token()).get('/api/pages');
  const top = [
    ...(list.brands as { id: number }[]),
    ...(list.folders as { id: number }[]),
    ...(list.files as { id: number }[]),
  ];
  if (!top[0]) throw new Error('the seeded data has no page');
  return top[0].id;
}

async function runOn(kind: 'pglite' | 'postgres') {
  const data = await seedBenchData({ postgresUrl: kind === 'postgres' ? postgresUrl() : null });
  const servers: BenchServer[] = [];
  const streams: PresenceStream[] = [];
  try {
    servers.push(await data.start());
    if (kind === 'postgres') servers.push(await data.start());
    const record = `pages:${await firstPageId(servers[0]!)}`;
    const [visitor, ...crowd] = await makeEditors(servers, EDITORS + 1);

    for (const [i, editor] of crowd.entries()) {
      const stream = await openPresence(servers[i % servers.length]!.base, { record, token: editor.token });
      if (stream.status !== 200) throw new Error(`the stream of ${editor.name} answered ${stream.status}`);
      streams.push(stream);
    }
    // Everyone sees the whole crowd before the timing starts.
    await Promise.all(streams.map((s) => s.next((e) => e.people.length === EDITORS, 30_000)));

    const samples: number[] = [];
    const load: number[] = [];
    /** Times how long until every stream's newest event has `people` of the given size. */
    const timeEveryone = async (people: number, started: number) => {
      const seen = streams.map((s) => s.events.length);
      const arrivals = await Promise.all(
        streams.map((s, i) =>
          s
            .next((e) => e.people.length === people && s.events.indexOf(e) >= seen[i]!, 10_000)
            .then(() => performance.now()),
        ),
      );
      for (const at of arrivals) samples.push(at - started);
    };
    for (let round = 0; round < ROUNDS; round++) {
      load.push(loadavg()[0]!);
      // The visitor alternates between the processes, so on PostgreSQL both directions are timed.
      const base = servers[round % servers.length]!.base;
      let started = performance.now();
      const arriving = timeEveryone(EDITORS + 1, started);
      const here = await openPresence(base, { record, token: visitor!.token });
      await arriving;
      started = performance.now();
      const leaving = timeEveryone(EDITORS, started);
      here.close();
      await leaving;
    }
    const figure = p95(samples);
    console.log(
      `${kind}: ${EDITORS} editors on ${servers.length} process(es), ${samples.length} updates timed: ` +
        `p95 ${figure.toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms ` +
        `(load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)})`,
    );
    return {
      p95: figure,
      max: Math.max(...samples),
      samples: samples.length,
      processes: servers.length,
      load,
    };
  } finally {
    for (const s of streams) s.close();
    for (const server of servers) await server.stop();
    await data.drop();
  }
}

export const presenceBenchmark: Benchmark = {
  name: 'presence',
  description: `presence update to the other editors with ${EDITORS} on one page (PostgreSQL: two processes)`,
  async run() {
    const result: Record<string, unknown> = { editors: EDITORS, rounds: ROUNDS, goal_ms: GOAL_MS };
    const budgets: Budget[] = [];
    for (const kind of ['pglite', 'postgres'] as const) {
      const figures = await runOn(kind);
      result[kind] = figures;
      budgets.push({
        label: `${kind}: presence update to ${EDITORS} editors, p95`,
        actual: figures.p95,
        limit: GOAL_MS,
        unit: 'ms',
      });
    }
    return { result, budgets };
  },
};
