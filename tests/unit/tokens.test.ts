// @vitest-environment node
import { createTokenService } from '@server/domain/auth/tokens';
import { afterEach, describe, expect, it, vi } from 'vitest';

const secret = new TextEncoder().encode('a-secret-for-token-tests-only-32b');

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('answers the same claims when a token is checked again', async () => {
    const tokens = createTokenService(secret, 60);
    const token = await tokens.sign({ sub: 7, sid: '0b7c1f2e-7d4c-4c4a-9f3e-2b1a0c9d8e7f' });
    const first = await tokens.verify(token);
    expect(first).toEqual({ sub: 7, sid: '0b7c1f2e-7d4c-4c4a-9f3e-2b1a0c9d8e7f' });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a token once it has expired, even right after it was accepted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const tokens = createTokenService(secret, 60);
    const token = await tokens.sign({ sub: 7, sid: '0b7c1f2e-7d4c-4c4a-9f3e-2b1a0c9d8e7f' });
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-01T10:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or changed on the way', async () => {
    const tokens = createTokenService(secret, 60);
    const other = createTokenService(new TextEncoder().encode('another-secret-entirely-32-bytes'), 60);
    const token = await other.sign({ sub: 7, sid: '0b7c1f2e-7d4c-4c4a-9f3e-2b1a0c9d8e7f' });
    expect(await tokens.verify(token)).toBeNull();
    const mine = await tokens.sign({ sub: 7, sid: '0b7c1f2e-7d4c-4c4a-9f3e-2b1a0c9d8e7f' });
    expect(await tokens.verify(mine)).not.toBeNull();
    expect(await tokens.verify(`${mine.slice(0, -2)}xx`)).toBeNull();
  });
});
