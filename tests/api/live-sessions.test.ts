import type { Db } from '@server/db/open';
import { LIVE_SESSION_TTL_MS, liveSessions } from '@server/domain/auth/live';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wholeGroup } from '@/shared/access';

const ada = {
  id: 7,
  name: 'Ada',
  email: 'ada@example.com',
  access: {
    role: { id: 5, name: 'Sales', permissions: { responses: ['view' as const] } },
    scope: wholeGroup,
  },
};
const sid = '2b0c7c7e-4a7e-4d55-9a43-3a0cf6a1f001';
/** Each test keeps its answers apart: the cache is per database handle. */
const freshDatabase = () => ({}) as Db;

afterEach(() => {
  vi.useRealTimers();
});

describe('The kept answers of the session check', () => {
  it('answers a confirmed session from memory until it is revoked', () => {
    const live = liveSessions(freshDatabase());
    live.remember(sid, ada, live.generation);
    expect(live.get(sid, ada.id)).toEqual(ada);
    live.forgetUser(ada.id);
    expect(live.get(sid, ada.id)).toBeNull();
  });

  it('never keeps an answer the database gave before a revocation that happened meanwhile', () => {
    const live = liveSessions(freshDatabase());
    const readAt = live.generation;
    // The check read "live" from the database; then the session was revoked; then the check ends.
    live.forgetSession(sid);
    live.remember(sid, ada, readAt);
    expect(live.get(sid, ada.id)).toBeNull();
  });

  it('forgets every kept answer when a role changes, so its holders are asked again', () => {
    const live = liveSessions(freshDatabase());
    live.remember(sid, ada, live.generation);
    live.forgetAll();
    expect(live.get(sid, ada.id)).toBeNull();
  });

  it('asks the database again after a few seconds, and for another user id', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const live = liveSessions(freshDatabase());
    live.remember(sid, ada, live.generation);
    expect(live.get(sid, 8)).toBeNull();
    live.remember(sid, ada, live.generation);
    vi.setSystemTime(Date.now() + LIVE_SESSION_TTL_MS + 1);
    expect(live.get(sid, ada.id)).toBeNull();
  });
});
