import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import { exports, imports } from '@server/db/schema/jobs';
import { media } from '@server/db/schema/media';
import { notifications } from '@server/db/schema/notifications';
import { pages, templates } from '@server/db/schema/pages';
import { reservations } from '@server/db/schema/reservations';
import { responses } from '@server/db/schema/responses';
import { roles } from '@server/db/schema/roles';
import { settings } from '@server/db/schema/settings';
import { webhooks } from '@server/db/schema/webhooks';
import { workflows } from '@server/db/schema/workflows';
import { recordRevision } from '@server/domain/history/record';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyAreas } from '@/api/contract/history';
import { createTestServer, databaseKind, type TestServer } from './harness';

const PUBLIC_URL = 'https://console.example.com';

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: { enum?: string[] };
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface OpenApiDocument {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
}

let server: TestServer;
let token: string;
let document: OpenApiDocument;
/** A record of each area's table in the seeded database, by the area's first path segment. */
const ids: Record<string, number> = {};
/** Values a call's own parameters take on the seeded database, by operation (the site's calls name records by slug). */
const operationValues: Record<string, Record<string, string>> = { sitePages: { path: '/' } };

beforeAll(async () => {
  server = await createTestServer({ PUBLIC_URL }, { seed: true });
  token = await server.login();
  const db = server.database.db;
  const first = async (query: Promise<Array<{ id: number }>>) => (await query)[0]!.id;
  ids.users = server.adminId;
  ids.roles = await first(db.select({ id: roles.id }).from(roles).limit(1));
  ids.brands = await first(db.select({ id: brands.id }).from(brands).limit(1));
  ids.dealerships = await first(db.select({ id: dealerships.id }).from(dealerships).limit(1));
  // A page with children, so that its children list is not empty.
  ids.pages = await first(
    db
      .select({ id: pages.id })
      .from(pages)
      .where(
        and(
          eq(pages.kind, 'page'),
          sql`exists (select 1 from ${pages} as child where child.parent_id = ${pages.id})`,
        ),
      )
      .limit(1),
  );
  const [liveDealership] = (await server.call('GET', '/api/site/dealerships')).json().data;
  operationValues.siteDealershipsShow = { slug: liveDealership.slug };
  const [publishedForm] = await db
    .select({ handle: pages.slug })
    .from(pages)
    .where(and(eq(pages.kind, 'form'), eq(pages.published, true), isNull(pages.deletedAt)))
    .limit(1);
  operationValues.siteForms = { handle: publishedForm!.handle };
  ids.forms = await first(db.select({ id: pages.id }).from(pages).where(eq(pages.kind, 'form')).limit(1));
  ids.templates = await first(db.select({ id: templates.id }).from(templates).limit(1));
  ids.reservations = await first(
    db.select({ id: reservations.id }).from(reservations).where(isNotNull(reservations.refundedAt)).limit(1),
  );
  ids.responses = await first(db.select({ id: responses.id }).from(responses).limit(1));
  // A library item with its optional fields empty: nulls where the document allows them.
  ids.media = await first(
    db
      .insert(media)
      .values({
        name: 'logo.png',
        mime: 'image/png',
        size: 10,
        sha256: 'a'.repeat(64),
        storageKey: `media/${'a'.repeat(64)}`,
      })
      .returning({ id: media.id }),
  );
  // Progress not yet started: the fields a finished job fills are still null.
  ids.exports = await first(
    db
      .insert(exports)
      .values({ kind: 'vehicles', email: 'admin@example.com', userId: server.adminId })
      .returning({ id: exports.id }),
  );
  ids.imports = await first(
    db
      .insert(imports)
      .values({
        kind: 'page',
        provider: 'pages',
        email: 'admin@example.com',
        file: 'x.xlsx',
        filename: 'x.xlsx',
      })
      .returning({ id: imports.id }),
  );
  ids.webhooks = await first(
    db
      .insert(webhooks)
      .values({ url: 'https://example.com/hook', events: ['page.published'], secret: 'whsec_dGVzdA==' })
      .returning({ id: webhooks.id }),
  );
  ids.workflows = await first(
    db
      .insert(workflows)
      .values({
        name: 'Compliance',
        stages: [{ name: 'Review', role_ids: [1], user_ids: [], due_hours: null }],
      })
      .returning({ id: workflows.id }),
  );
  // A notice of the admin's, so the bell's list is checked with a row in it.
  await db.insert(notifications).values({
    userId: server.adminId,
    kind: 'review_waiting',
    text: '“Home” is waiting for your review in Review (Compliance).',
    record: `pages:${ids.pages}`,
    path: `/pages/edit/${ids.pages}`,
  });
  // One revision of a record of each area that keeps history, for its history calls.
  await db.insert(settings).values({ key: 'site', value: {} }).onConflictDoNothing();
  for (const area of historyAreas) {
    const id = area === 'settings' ? null : ids[area]!;
    const revision = String(await recordRevision(db, area, 'updated', id));
    const record: Record<string, string> = id === null ? {} : { id: String(id) };
    operationValues[`${area}History`] = record;
    operationValues[`${area}HistoryShow`] = { ...record, revision };
  }
  operationValues.commentsList = { record: `pages:${ids.pages}` };
  document = (await server.call('GET', '/api/docs')).json();
}, 180_000);
afterAll(() => server.close());

/** Runs Redocly's linter (its recommended rules) on the document; its JSON report. */
function redoclyLint(
  path: string,
): Promise<{ problems: Array<{ ruleId: string; severity: string; message: string }> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'redocly'),
      ['lint', path, '--format=json', '--max-problems=1000'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`redocly lint printed no report:\n${out}`));
      }
    });
  });
}

describe(`The served OpenAPI document (${databaseKind})`, () => {
  it('passes Redocly lint without an error', async () => {
    const path = join(server.dataDir, 'openapi.json');
    writeFileSync(path, JSON.stringify(document));
    const report = await redoclyLint(path);
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message}`)).toEqual([]);
  }, 60_000);

  it('is OpenAPI 3.1, served from PUBLIC_URL, each operation named and summarised', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const names = operations.map((op) => op.operationId);
    expect(new Set(names).size).toBe(names.length);
    for (const op of operations)
      expect(op).toMatchObject({ operationId: expect.any(String), summary: expect.any(String) });
    expect(document.paths['/api/health']?.get?.operationId).toBe('health');
    expect(
      Object.keys(document.paths['/api/builder/imports/samples/{provider}']?.get?.responses ?? {}),
    ).toContain('200');
  });
});

/** GETs that change something or answer no JSON: not called here. */
const NOT_CALLED = new Set(['authLogout', 'builderImportSample', 'presenceStream']);

/** A value for each required query parameter that is not an id. */
const QUERY_VALUES: Record<string, string> = { name: 'A new page', search: 'a', slug: 'new-cars' };

function urlOf(path: string, op: Operation): string {
  const area = path.split('/')[2]!;
  const idOf = () => {
    const id = ids[area];
    if (id === undefined) throw new Error(`No record for ${op.operationId}: add one to the seeded ids`);
    return String(id);
  };
  const query = new URLSearchParams();
  let url = path;
  for (const param of op.parameters ?? []) {
    // Optional parameters only where the seeded data names a value (a history's record).
    if (!param.required && operationValues[op.operationId]?.[param.name] === undefined) continue;
    const value =
      param.name === 'id' && param.required
        ? idOf()
        : (operationValues[op.operationId]?.[param.name] ??
          param.schema.enum?.[0] ??
          QUERY_VALUES[param.name] ??
          `no value for ${param.name}`);
    if (param.in === 'path') url = url.replace(`{${param.name}}`, value);
    else query.set(param.name, value);
  }
  return query.size ? `${url}?${query}` : url;
}

describe(`Every GET answers what the document says (${databaseKind})`, () => {
  it('on a seeded database, each list, show and edit JSON matches its documented schema, nulls included', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const failures: string[] = [];
    let called = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      const op = item.get;
      if (!op || NOT_CALLED.has(op.operationId)) continue;
      const url = urlOf(path, op);
      const res = await server.call('GET', url, { token });
      called += 1;
      if (res.statusCode !== 200) {
        failures.push(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const schema = op.responses['200']?.content?.['application/json']?.schema;
      if (!schema) {
        failures.push(`${url}: no JSON schema for 200`);
        continue;
      }
      const validate: ValidateFunction = ajv.compile(schema);
      if (!validate(res.json())) {
        const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
        failures.push(`${url}: ${errors.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(called).toBeGreaterThan(30);

    // The check itself: a null where the document allows none fails it.
    const show = document.paths['/api/users/show/{id}']!.get!;
    const validate = ajv.compile(show.responses['200']!.content!['application/json']!.schema);
    const answer = (await server.call('GET', urlOf('/api/users/show/{id}', show), { token })).json();
    expect(validate(answer)).toBe(true);
    expect(validate({ data: { ...answer.data, name: null } })).toBe(false);
  }, 120_000);
});
