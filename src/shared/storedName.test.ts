import { describe, expect, it } from 'vitest';
import { encodeStoredName, MAX_STORED_NAME_BYTES, storedNameOf } from './storedName';

const pathFor = (name: string) => `/storage/logo/${'a1'.repeat(16)}_${encodeStoredName(name)}.png`;

describe('stored names', () => {
  it.each([
    'Kia logo.png',
    'Škoda – Ōtaki (2).png',
    'logo.final.v2.png',
    '🚗 badge.png',
    "O'Neill & Sons.png",
  ])('reads back %s from a stored path', (name) => {
    const path = pathFor(name);
    expect(path).toMatch(/^\/storage\/logo\/[A-Za-z0-9_-]+\.png$/);
    expect(storedNameOf(path)).toBe(name);
  });

  it('cuts a long name on a character boundary', () => {
    const name = 'é'.repeat(80);
    const read = storedNameOf(pathFor(name));
    expect(new TextEncoder().encode(read).length).toBeLessThanOrEqual(MAX_STORED_NAME_BYTES);
    expect(name.startsWith(read)).toBe(true);
    expect(read.length).toBe(50);
  });

  it('shows the last part of a path stored without a name, or with a broken one', () => {
    expect(storedNameOf('/storage/logo/5aeb465a2e4f5aeb465a2e4f5aeb465a.png')).toBe(
      '5aeb465a2e4f5aeb465a2e4f5aeb465a.png',
    );
    expect(storedNameOf(`/storage/logo/${'ab'.repeat(16)}_____.png`)).toBe(`${'ab'.repeat(16)}_____.png`);
    expect(storedNameOf(`/storage/logo/${'ab'.repeat(16)}_${encodeStoredName('   ')}.png`)).toBe(
      `${'ab'.repeat(16)}_.png`,
    );
  });
});
