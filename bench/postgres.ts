/**
 * The API against PostgreSQL itself. (a) The authenticated users list call against pgbench
 * running the very statements that call runs (captured on the wire), both with 10 clients:
 * the ratio says what the API layer costs (goal: at least 0.75). Measured in the same rounds, a
 * bare node:http route running the same statements through node-postgres (bench/bareRoute.ts) is
 * the floor any Node.js API pays on this machine for HTTP and the driver; API / bare says how much
 * of that the console's own layers (framework, sign-in, validation, mapping) take (goal: at least
 * 0.9), round by round: the later rounds must hold the earlier rounds' ratio (nothing may grow per
 * request), the server's memory is printed after each round, and the list, a read, must write no row.
 * (b) A 60-second soak with 50 clients mixing list, show, update and sort on brands: no answer may
 * be a server error.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { pgbench, startBareRoute } from './baselines';
import type { Benchmark, BenchOutcome } from './benchmark';
import { cpuTally } from './cpuTally';
import { type BenchData, type BenchServer, postgresUrl, seedBenchData } from './server';
import { startSqlCapture } from './sqlCapture';

/** Seconds each side is measured in all, split into alternating rounds. */
const RATIO_SECONDS = 18;
const RATIO_ROUNDS = 6;
/** The users list against the bare route: at least this share of its rate. */
const BARE_GOAL = 0.9;
/**
 * Steady: the later rounds' API / bare at least this share of the earlier rounds'. Paired with the
 * bare route's round beside it, a drift of the machine's load does not read as the API slowing.
 */
const STEADY_GOAL = 0.9;
const SOAK_SECONDS = 60;
const CLIENTS = 10;
const SOAK_CLIENTS = 50;
const LIST_PATH = '/api/users?page=3';

/** Rows inserted, updated and deleted so far in the database's own tables (the job queue's apart), by table. */
async function rowsWritten(databaseUrl: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; written: string }>(
      `select relname, (n_tup_ins + n_tup_upd + n_tup_del)::text as written
       from pg_stat_user_tables where schemaname = 'public'`,
    );
    return new Map(rows.map((row) => [row.relname, Number(row.written)]));
  } finally {
    await client.end();
  }
}

/**
 * What the API rounds wrote, by table: the list is a read, so nothing should be. Each backend
 * reports its counts a moment after its transactions (up to ten seconds when it goes idle), so
 * the counts are read until they hold still.
 */
async function writtenSince(
  databaseUrl: string,
  before: Map<string, number>,
): Promise<Record<string, number>> {
  let last = '';
  let written: Record<string, number> = {};
  for (let tries = 0; tries < 12; tries++) {
    const now = await rowsWritten(databaseUrl);
    written = Object.fromEntries(
      [...now].map(([table, n]) => [table, n - (before.get(table) ?? 0)]).filter(([, n]) => Number(n) > 0),
    );
    const seen = JSON.stringify(written);
    if (seen === last && tries >= 2) break;
    last = seen;
    await new Promise((done) => setTimeout(done, 1000));
  }
  return written;
}

interface Brand {
  id: number;
  name: string;
  slug: string;
  live: boolean;
  is_fake: boolean;
  manufacturer_id: number;
  lcv_manufacturer_id: number;
  logo: { id: number } | null;
}

/** The soak's mix: every client lists, shows, updates and reorders, over and over. */
function soakRequests(brands: Brand[], headers: Record<string, string>): autocannon.Request[] {
  const json = { ...headers, 'content-type': 'application/json' };
  const ids = brands.slice(0, 20).map((b) => b.id);
  let turn = 0;
  const pick = () => brands[turn++ % brands.length]!;
  return [
    { method: 'GET', path: '/api/brands?page=1', headers },
    {
      method: 'GET',
      headers,
      setupRequest: (request) => ({ ...request, path: `/api/brands/show/${pick().id}` }),
    },
    {
      method: 'POST',
      headers: json,
      setupRequest: (request) => {
        const brand = pick();
        return {
          ...request,
          path: `/api/brands/update/${brand.id}`,
          body: JSON.stringify({
            name: brand.name,
            slug: brand.slug,
            live: brand.live,
            is_fake: brand.is_fake,
            manufacturer_id: brand.manufacturer_id,
            lcv_manufacturer_id: brand.lcv_manufacturer_id,
            logo: brand.logo?.id ?? null,
          }),
        };
      },
    },
    {
      method: 'POST',
      path: '/api/brands/sort',
      headers: json,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ brands: turn++ % 2 ? ids : [...ids].reverse() }),
      }),
    },
  ];
}

export const postgresBenchmark: Benchmark = {
  name: 'postgres',
  description: 'the users list against pgbench on the same statements, and a 60 s mixed soak (PostgreSQL)',
  async run() {
    const data = await seedBenchData({ postgresUrl: postgresUrl(), size: 'large' });
    try {
      const statements = await statementsOfOneCall(data);
      console.log(`One ${LIST_PATH} call runs ${statements.length} statements:`);
      for (const sql of statements) console.log(`  ${sql.length > 160 ? `${sql.slice(0, 157)}...` : sql}`);

      // The measured server talks to PostgreSQL directly, not through the capturing proxy.
      const server = await data.start();
      try {
        return await measure(server, data.databaseUrl!, statements);
      } finally {
        await server.stop();
      }
    } finally {
      await data.drop();
    }
  },
};

/** What one list call runs, seen on the wire by a server started behind a capturing proxy. */
async function statementsOfOneCall(data: BenchData): Promise<string[]> {
  const capture = await startSqlCapture(data.databaseUrl!);
  const server = await data.start({ databaseUrl: capture.through(data.databaseUrl!) });
  try {
    const headers = { authorization: `Bearer ${await server.token()}`, accept: 'application/json' };
    // Once to warm the pool and caches, once to see what one call runs.
    await (await fetch(`${server.base}${LIST_PATH}`, { headers })).arrayBuffer();
    capture.start();
    const once = await fetch(`${server.base}${LIST_PATH}`, { headers });
    await once.arrayBuffer();
    // The job queue polls on its own timer through the same database; its statements are not the call's.
    const statements = capture.stop().filter((sql) => !/\bpgboss\./.test(sql));
    if (!once.ok || statements.length === 0)
      throw new Error(`the list call failed or ran no SQL (${once.status})`);
    return statements;
  } finally {
    await server.stop();
    await capture.close();
  }
}

async function measure(
  server: BenchServer,
  databaseUrl: string,
  statements: string[],
): Promise<BenchOutcome> {
  const token = await server.token();
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  // Every side shares the machine's cores with whatever else runs, and that load drifts: the sides
  // are measured in rounds that take turns (each round in another order), so a drift weighs on all
  // alike, and the load average says how busy the machine was.
  const bare = await startBareRoute(databaseUrl, statements, 'arrays');
  // Not a goal, a reading: the same bare route answering its rows with their columns' names, about
  // the API's bytes, says how much of API / bare is only the size of the answer.
  const named = await startBareRoute(databaseUrl, statements, 'named').catch(async (error: unknown) => {
    await bare.stop();
    throw error;
  });
  const loadBefore = loadavg()[0] ?? 0;
  const sqlRates: number[] = [];
  const apiRounds: autocannon.Result[] = [];
  const bareRates: number[] = [];
  const namedRates: number[] = [];
  const memory: (number | null)[] = [];
  const load = (url: string, duration = RATIO_SECONDS / RATIO_ROUNDS) =>
    autocannon({ url, headers, connections: CLIENTS, duration });
  const cpu = cpuTally<'api' | 'bare' | 'named'>();
  const rounds = [
    async () => sqlRates.push(await pgbench(databaseUrl, statements, CLIENTS, RATIO_SECONDS / RATIO_ROUNDS)),
    async () => {
      apiRounds.push(await cpu.count('api', server.cpuMs, () => load(`${server.base}${LIST_PATH}`)));
      memory.push(await server.memoryMb());
    },
    async () => bareRates.push((await cpu.count('bare', bare.cpuMs, () => load(bare.url))).requests.average),
    async () =>
      namedRates.push((await cpu.count('named', named.cpuMs, () => load(named.url))).requests.average),
  ];
  let written: Record<string, number> = {};
  try {
    // Unmeasured: each fresh server compiles its hot paths and opens its pool on the first calls.
    // Together longer than PostgreSQL's 10 s: a connection that went idle after the sign-in's writes
    // reports them by then, so they are counted before the rounds, not as the list's.
    await load(`${server.base}${LIST_PATH}`, 6);
    await load(bare.url, 6);
    await load(named.url, 3);
    const before = await rowsWritten(databaseUrl);
    // Each round runs the four in another order, so no side always follows the same one.
    for (let round = 0; round < RATIO_ROUNDS; round++) {
      for (let turn = 0; turn < rounds.length; turn++) await rounds[(round + turn) % rounds.length]!();
    }
    // pgbench and the bare route only read: whatever was written, the API wrote.
    written = await writtenSince(databaseUrl, before);
  } finally {
    await Promise.all([bare.stop(), named.stop()]);
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const sqlRate = mean(sqlRates);
  const bareRate = mean(bareRates);
  const apiRates = apiRounds.map((r) => r.requests.average);
  const apiRate = mean(apiRates);
  const apiNon2xx = apiRounds.reduce((sum, r) => sum + r.non2xx, 0);
  const apiLatencyP97_5 = Math.max(...apiRounds.map((r) => r.latency.p97_5));
  // Each API round against the bare route's round of the same turn of the machine's load.
  const roundRatios = apiRates.map((rate, i) => rate / (bareRates[i] ?? Number.NaN));
  const half = Math.floor(roundRatios.length / 2);
  const steadiness = mean(roundRatios.slice(half)) / mean(roundRatios.slice(0, half));
  const loadAfter = loadavg()[0] ?? 0;
  const rounded = (values: number[]) => values.map(Math.round).join(', ');
  console.log(`Load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
  console.log(
    `pgbench   ${Math.round(sqlRate)} lists/s (${CLIENTS} clients, prepared statements; rounds ${rounded(sqlRates)})`,
  );
  console.log(
    `bare      ${Math.round(bareRate)} lists/s (node:http + node-postgres, the same statements; rounds ${rounded(bareRates)})`,
  );
  console.log(
    `API       ${Math.round(apiRate)} lists/s (${CLIENTS} clients; rounds ${rounded(apiRates)}), ${apiNon2xx} non-2xx`,
  );
  console.log(
    `API/bare  by round ${roundRatios.map((r) => r.toFixed(2)).join(', ')}: later rounds ${steadiness.toFixed(2)} of the earlier (goal: at least ${STEADY_GOAL})`,
  );
  const namedRate = mean(namedRates);
  console.log(
    `named     ${Math.round(namedRate)} lists/s (the bare route answering named columns; rounds ${rounded(namedRates)}): API / named ${(apiRate / namedRate).toFixed(2)}, named / bare ${(namedRate / bareRate).toFixed(2)}`,
  );
  const apiCpuMicroseconds = cpu.microsecondsPer('api');
  const bareCpuMicroseconds = cpu.microsecondsPer('bare');
  console.log(
    `CPU       per list: API ${apiCpuMicroseconds ?? '?'} µs, bare ${bareCpuMicroseconds ?? '?'} µs, named ${cpu.microsecondsPer('named') ?? '?'} µs (the serving process alone; PostgreSQL and the load generator share the cores)`,
  );
  console.log(
    `Server    ${memory.map((mb) => (mb === null ? '?' : mb.toFixed(0))).join(', ')} MB resident after each API round; rows written by the API rounds: ${Object.keys(written).length ? JSON.stringify(written) : 'none'}`,
  );
  console.log(
    `Ratios    API / SQL ${(apiRate / sqlRate).toFixed(2)}, bare / SQL ${(bareRate / sqlRate).toFixed(2)} (the most any Node.js route reaches here), API / bare ${(apiRate / bareRate).toFixed(2)} (goal: at least ${BARE_GOAL})`,
  );

  const list = (await (await fetch(`${server.base}/api/brands?perPage=-1`, { headers })).json()) as {
    brands: { data: Brand[] };
  };
  console.log(`Soak: ${SOAK_CLIENTS} clients for ${SOAK_SECONDS} s on ${list.brands.data.length} brands...`);
  const soak = await autocannon({
    url: server.base,
    connections: SOAK_CLIENTS,
    duration: SOAK_SECONDS,
    requests: soakRequests(list.brands.data, headers),
  });
  const byStatus: Record<string, number> = {};
  for (const [code, stat] of Object.entries(soak.statusCodeStats ?? {})) byStatus[code] = stat?.count ?? 0;
  const serverErrors = Object.entries(byStatus)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `Soak      ${soak.requests.total} requests, by status ${JSON.stringify(byStatus)}, ${soak.errors} socket errors (${soak.timeouts} timeouts)`,
  );

  return {
    result: {
      database: 'postgres',
      listPath: LIST_PATH,
      statements,
      seconds: RATIO_SECONDS,
      clients: CLIENTS,
      pgbenchPerSecond: sqlRate,
      apiPerSecond: apiRate,
      barePerSecond: bareRate,
      bareRounds: bareRates,
      bareRatio: bareRate / sqlRate,
      apiToBare: apiRate / bareRate,
      namedBarePerSecond: namedRate,
      apiToNamedBare: apiRate / namedRate,
      apiCpuMicroseconds,
      bareCpuMicroseconds,
      apiLatencyP97_5,
      pgbenchRounds: sqlRates,
      apiRounds: apiRates,
      apiToBareRounds: roundRatios,
      steadiness,
      serverMemoryMb: memory,
      rowsWrittenByApiRounds: written,
      ratio: apiRate / sqlRate,
      loadAverage: { before: loadBefore, after: loadAfter },
      soak: {
        seconds: SOAK_SECONDS,
        clients: SOAK_CLIENTS,
        requests: soak.requests.total,
        perSecond: soak.requests.average,
        byStatus,
        serverErrors,
        socketErrors: soak.errors,
        timeouts: soak.timeouts,
        latencyP97_5: soak.latency.p97_5,
      },
    },
    budgets: [
      {
        label: 'users list on the API / the same SQL on pgbench',
        actual: apiRate / sqlRate,
        limit: 0.75,
        unit: 'ratio',
        atLeast: true,
      },
      {
        label: 'users list on the API / the same statements on a bare node:http + node-postgres route',
        actual: apiRate / bareRate,
        limit: BARE_GOAL,
        unit: 'ratio',
        atLeast: true,
      },
      {
        label: 'users list steady: later rounds’ API / bare over the earlier rounds’',
        actual: steadiness,
        limit: STEADY_GOAL,
        unit: 'ratio',
        atLeast: true,
      },
      {
        label: 'rows the users list wrote while it was measured',
        actual: Object.values(written).reduce((sum, n) => sum + n, 0),
        limit: 0,
        unit: 'ratio',
      },
      {
        label: `5xx answers in the ${SOAK_SECONDS} s soak`,
        actual: serverErrors,
        limit: 0,
        unit: 'ratio',
      },
    ],
  };
}
