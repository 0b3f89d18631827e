import { brands } from '@server/db/schema/brands';
import { pages } from '@server/db/schema/pages';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from './harness';

/** What a test needs to call the tree. */
export interface TreeClient {
  server: TestServer;
  token: string;
  brandId: number;
}

/** Signs in on `server` and adds the brand the test's pages belong to: where most tree tests start. */
export async function treeClientOn(
  server: TestServer,
  brand: typeof brands.$inferInsert,
): Promise<TreeClient> {
  const token = await server.login();
  const [row] = await server.database.db.insert(brands).values(brand).returning({ id: brands.id });
  return { server, token, brandId: row!.id };
}

export const get = (c: TreeClient, url: string) => c.server.call('GET', url, { token: c.token });
export const post = (c: TreeClient, url: string, body: unknown) =>
  c.server.call('POST', url, { token: c.token, body });

export function pageData(c: TreeClient, name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: 'ignored',
    brand_id: c.brandId,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
    ...extra,
  };
}

export async function store(
  c: TreeClient,
  name: string,
  parent: number | null = null,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await post(c, '/api/pages/store', { data: pageData(c, name, extra), parent });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

/** Published since long ago: a page the website shows. */
export const PUBLISHED = { published: 1, published_at: '2025-01-01T09:00' };

/** Saves a published page as the builder does, with `extra` over its fields; it must succeed. */
export async function updatePublished(
  c: TreeClient,
  id: number,
  name: string,
  extra: Record<string, unknown>,
) {
  const shown = await get(c, `/api/pages/edit?id=${id}`);
  const res = await post(c, '/api/pages/update', {
    id,
    data: pageData(c, name, { ...PUBLISHED, ...extra }),
    updated_at: shown.json().data.updated_at,
  });
  expect(res.statusCode, res.body).toBe(200);
}

export interface TreeRow {
  id: number;
  parent_id: number | null;
  sort_order: number;
  slug: string;
  kind: string;
}

/** Every live page, straight from the table. */
export async function liveRows(server: TestServer): Promise<TreeRow[]> {
  const result = await server.database.db.execute(
    sql`select id, parent_id, sort_order, slug, kind from ${pages} where deleted_at is null order by id`,
  );
  return (result as unknown as { rows: TreeRow[] }).rows.map((r) => ({
    ...r,
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
  }));
}

/**
 * The tree's rules: every parent exists and is live, no page is its own ancestor, positions under
 * each parent are 1..n, slugs are unique per kind and follow the parent's.
 */
export function treeProblems(rows: TreeRow[]): string[] {
  const problems: string[] = [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const groups = new Map<string, number[]>();
  const slugs = new Set<string>();
  for (const row of rows) {
    if (row.parent_id !== null && !byId.has(row.parent_id)) problems.push(`orphan ${row.id}`);
    const seen = new Set<number>();
    let at: TreeRow | undefined = row;
    while (at && at.parent_id !== null) {
      if (seen.has(at.id)) {
        problems.push(`cycle at ${row.id}`);
        break;
      }
      seen.add(at.id);
      at = byId.get(at.parent_id);
    }
    const key = `${row.kind}:${row.parent_id ?? 'top'}`;
    groups.set(key, [...(groups.get(key) ?? []), row.sort_order]);
    const slugKey = `${row.kind}:${row.slug}`;
    if (slugs.has(slugKey)) problems.push(`duplicate slug ${row.slug}`);
    slugs.add(slugKey);
    const parent = row.parent_id === null ? null : byId.get(row.parent_id);
    if (row.kind === 'page' && parent && parent.slug !== '/' && !row.slug.startsWith(`${parent.slug}/`)) {
      problems.push(`slug ${row.slug} does not follow ${parent.slug}`);
    }
  }
  for (const [key, orders] of groups) {
    const sorted = [...orders].sort((a, b) => a - b);
    if (sorted.some((n, i) => n !== i + 1)) problems.push(`order of ${key} is ${sorted.join(',')}`);
  }
  return problems;
}
