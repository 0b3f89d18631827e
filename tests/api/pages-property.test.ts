import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer } from './harness';
import { liveRows, pageData, post, type TreeClient, treeClientOn, treeProblems } from './pages-tree';

let c: TreeClient;
beforeAll(async () => {
  const server = await createTestServer();
  c = await treeClientOn(server, { name: 'Ford', slug: 'ford' });
});
afterAll(() => c.server.close());

/** Picks a page (or the top level) by a number, from whatever pages exist at that moment. */
const pick = (ids: number[], n: number): number | null => (ids.length === 0 ? null : ids[n % ids.length]!);
const NAMES = ['Offers', 'Kia', 'Used', 'About', 'Offers'];

type Step =
  | { op: 'store'; parent: number; name: number }
  | { op: 'move'; page: number; parent: number }
  | { op: 'duplicate'; page: number; parent: number; children: boolean }
  | { op: 'sort'; page: number; index: number }
  | { op: 'delete'; page: number };

const n = fc.nat({ max: 1000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('store' as const), parent: n, name: fc.nat({ max: 4 }) }),
  fc.record({ op: fc.constant('move' as const), page: n, parent: n }),
  fc.record({ op: fc.constant('duplicate' as const), page: n, parent: n, children: fc.boolean() }),
  fc.record({ op: fc.constant('sort' as const), page: n, index: n }),
  fc.record({ op: fc.constant('delete' as const), page: n }),
);

it('keeps a valid tree through any sequence of store, move, duplicate, sort and delete', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      for (const s of steps) {
        const rows = (await liveRows(c.server)).filter((r) => r.kind === 'page');
        const ids = rows.map((r) => r.id);
        // Index 0 of the choice stands for the top level.
        const parentOf = (k: number) => (k % (ids.length + 1) === 0 ? null : pick(ids, k));
        let res: Awaited<ReturnType<typeof post>>;
        if (s.op === 'store') {
          res = await post(c, '/api/pages/store', {
            data: pageData(c, NAMES[s.name]!),
            parent: parentOf(s.parent),
          });
        } else if (ids.length === 0) {
          continue;
        } else if (s.op === 'move') {
          res = await post(c, '/api/pages/move', { id: pick(ids, s.page), parent: parentOf(s.parent) });
        } else if (s.op === 'duplicate') {
          res = await post(c, '/api/pages/duplicate', {
            id: pick(ids, s.page),
            parent: parentOf(s.parent),
            fields: { name: 'Copy', children: s.children },
          });
        } else if (s.op === 'sort') {
          const page = rows.find((r) => r.id === pick(ids, s.page))!;
          const siblings = rows.filter((r) => r.parent_id === page.parent_id).length;
          res = await post(c, '/api/pages/sort', {
            data: [{ id: page.id, index: (s.index % siblings) + 1 }],
          });
        } else {
          res = await post(c, '/api/pages/delete', { id: pick(ids, s.page) });
        }
        // Refusals (a loop, children in the way) are fine; a server error never is.
        expect([200, 422], res.body).toContain(res.statusCode);
        expect(treeProblems(await liveRows(c.server))).toEqual([]);
      }
    }),
    { numRuns: 40 },
  );
}, 120_000);
