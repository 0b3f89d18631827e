import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { type Database, openDatabase, PgliteTar } from '@server/db/open';
import { roles } from '@server/db/schema/roles';
import { users } from '@server/db/schema/users';
import { createScratchDatabase } from '@server/db/scratch';
import { seedIfEmpty } from '@server/db/seed/index';
import { hashPassword } from '@server/domain/auth/passwords';
import { configuredStorage } from '@server/domain/s3Storage';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { GROUP_ADMINISTRATOR, type Permissions, type Scope } from '@/shared/access';
import { roleNamed } from '../../server/domain/access/roleNamed';

export const ADMIN = {
  email: 'admin@example.com',
  password: 'correct horse battery',
  name: 'Site Administrator',
};

/** Which database this run uses: PGlite in memory, or PostgreSQL when DATABASE_URL is set. */
export const databaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

export interface TestServer extends App {
  database: Database;
  dataDir: string;
  adminId: number;
  /** A fresh access token for the admin (or another user). */
  login(email?: string, password?: string): Promise<string>;
  /** app.inject with a bearer token and JSON body. */
  call(
    method: 'GET' | 'POST' | 'OPTIONS',
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let snapshot: Blob | null | undefined;

/** The run's migrated PGlite database (see global-setup.ts), read once per test file. */
export function pgliteSnapshot(): Blob | null {
  if (snapshot === undefined) {
    const path = inject('pgliteSnapshot');
    snapshot = path ? new PgliteTar(readFileSync(path)) : null;
  }
  return snapshot;
}

/**
 * One app on its own empty database and data directory, with the first admin in place; with
 * `seed`, the demo data a first start adds as well.
 */
export async function createTestServer(
  env: NodeJS.ProcessEnv = {},
  options: { seed?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-api-'));
  const pgUrl = process.env.DATABASE_URL;
  const postgres = pgUrl
    ? await createScratchDatabase(pgUrl, 'console_test', inject('postgresTemplate') || undefined)
    : null;
  const database = await openDatabase({
    databaseUrl: postgres?.url ?? null,
    dataDir: null,
    durable: false,
    pgliteSnapshot: postgres ? null : pgliteSnapshot(),
  });
  const config = readConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', TRUST_PROXY: '1', ...env });
  const built = await buildApp({ config, database });
  if (options.seed) {
    await seedIfEmpty(database.db, {
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      demo: true,
      storage: configuredStorage(config),
    });
  }
  const [admin] = options.seed
    ? await database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email))
    : await database.db
        .insert(users)
        .values({
          name: ADMIN.name,
          email: ADMIN.email,
          passwordHash: await hashPassword(ADMIN.password),
          roleId: roleNamed(GROUP_ADMINISTRATOR),
        })
        .returning({ id: users.id });

  const call: TestServer['call'] = (method, url, options = {}) => {
    const request: InjectOptions = {
      method,
      url,
      headers: { accept: 'application/json', ...options.headers },
    };
    if (options.token) request.headers = { ...request.headers, authorization: `Bearer ${options.token}` };
    if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
    return built.app.inject(request);
  };

  return {
    ...built,
    database,
    dataDir,
    adminId: admin!.id,
    call,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const res = await call('POST', '/api/auth/login', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().access_token as string;
    },
    async close() {
      await built.app.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a file's tests share: one server, and the admin's token on it. */
export interface FileServer {
  server: TestServer;
  token: string;
}

/**
 * The server a file's tests share: started before them with the admin signed in, closed after
 * them. Its fields are there from the file's first test (and its own `beforeAll`s) on.
 */
export function serverForFile(env: NodeJS.ProcessEnv = {}, options: { seed?: boolean } = {}): FileServer {
  const file = {} as FileServer;
  beforeAll(async () => {
    file.server = await createTestServer(env, options);
    file.token = await file.server.login();
  });
  afterAll(() => file.server?.close());
  return file;
}

/** A second member of staff, signed in: Robin Editor, for tests that tell two users' changes apart. */
export async function signedInEditor(server: TestServer): Promise<{ id: number; token: string }> {
  const id = await insertUser(server, {
    name: 'Robin Editor',
    email: 'robin@example.com',
    password: 'robin password 1',
    // Tells two users' changes apart: Robin may make the same changes as the admin.
    role: GROUP_ADMINISTRATOR,
  });
  return { id, token: await server.login('robin@example.com', 'robin password 1') };
}

/**
 * Adds a user straight to the database (faster than users/create when a test needs many): a Group
 * administrator of the whole group unless the test names a role (a seeded template) and a scope.
 */
export async function insertUser(
  server: TestServer,
  fields: {
    name: string;
    email: string;
    password?: string;
    passwordHash?: string;
    /** A role by name (a seeded template); none: Group administrator, as every account was before roles. */
    role?: string;
    scope?: Partial<Scope>;
  },
): Promise<number> {
  const passwordHash =
    fields.passwordHash ?? (await hashPassword(fields.password ?? 'a long enough password'));
  const [row] = await server.database.db
    .insert(users)
    .values({
      name: fields.name,
      email: fields.email,
      passwordHash,
      roleId: roleNamed(fields.role ?? GROUP_ADMINISTRATOR),
      scopeBrandIds: fields.scope?.brand_ids ?? [],
      scopeDealershipIds: fields.scope?.dealership_ids ?? [],
    })
    .returning({ id: users.id });
  return row!.id;
}

let staffCount = 0;
/** One hash for every such member of staff of a file: argon2id takes a noticeable time per call. */
let staffHash: Promise<string> | undefined;
const STAFF_PASSWORD = 'staff password 1';

/**
 * A member of staff with this role (by name) and scope, signed in: for tests that act as
 * someone who may, or may not, do a thing.
 */
export async function signedInAs(
  server: TestServer,
  role: string,
  scope: Partial<Scope> = {},
  name = `${role} ${++staffCount}`,
): Promise<{ id: number; token: string; email: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  staffHash ??= hashPassword(STAFF_PASSWORD);
  const id = await insertUser(server, { name, email, passwordHash: await staffHash, role, scope });
  return { id, email, token: await server.login(email, STAFF_PASSWORD) };
}

/** The id of a role by name. */
export async function roleId(server: TestServer, name: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  if (!row) throw new Error(`no role named ${name}`);
  return row.id;
}

/** The refresh cookie a response set, as a `cookie` request header value. */
export function refreshCookie(res: LightMyRequestResponse): string | null {
  const cookie = res.cookies.find((c) => c.name === 'console_refresh');
  return cookie?.value ? `console_refresh=${cookie.value}` : null;
}

/** A role of the test's own making (the templates cannot express every gap), by name. */
export async function addRole(server: TestServer, name: string, permissions: Permissions): Promise<void> {
  await server.database.db.insert(roles).values({ name, permissions });
}
