import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeOrNull } from '../../server/domain/isoTime';

const YEAR_10000 = Date.UTC(10000, 0, 1);

describe('isoTime', () => {
  it('writes what toISOString writes, at the edges of days, months, leap years and its range', () => {
    const times = [
      0,
      1,
      999,
      Date.UTC(1970, 0, 1, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2024, 11, 31, 23, 59, 59, 999),
      Date.UTC(2026, 10, 30, 10, 42, 21, 123),
      Date.UTC(2400, 1, 29),
      YEAR_10000 - 1,
    ];
    for (const time of times) expect(isoTime(new Date(time))).toBe(new Date(time).toISOString());
  });

  it('writes what toISOString writes for a hundred thousand times spread over its range', () => {
    // A fixed sequence (a linear congruential generator), so a failure names the same time again.
    let seed = 20261130;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const wrong: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const date = new Date(Math.floor(next() * YEAR_10000));
      if (isoTime(date) !== date.toISOString()) wrong.push(date.toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('leaves times before 1970 and from the year 10000 to the builtin, and throws for an invalid date', () => {
    for (const time of [-1, Date.UTC(1969, 11, 31, 23, 59, 59), Date.UTC(-5, 0, 1), YEAR_10000, 8.64e15])
      expect(isoTime(new Date(time))).toBe(new Date(time).toISOString());
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('gives null for no time', () => {
    expect(isoTimeOrNull(null)).toBeNull();
    expect(isoTimeOrNull(undefined)).toBeNull();
    expect(isoTimeOrNull(new Date(5))).toBe('1970-01-01T00:00:00.005Z');
  });
});
