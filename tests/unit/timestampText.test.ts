import { describe, expect, it } from 'vitest';
import { timestamptzFromText } from '../../server/db/timestampText';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A time as PostgreSQL writes a timestamptz in the ISO DateStyle, at a zone `offset` minutes east. */
function pgText(time: number, micros: number, fractionDigits: number, offset: number): string {
  const local = new Date(time + offset * 60_000);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const clock = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  const fraction = fractionDigits
    ? `.${pad(local.getUTCMilliseconds() * 1000 + micros, 6).slice(0, fractionDigits)}`
    : '';
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}${Math.abs(offset) % 60 ? `:${pad(Math.abs(offset) % 60)}` : ''}`;
  return `${date} ${clock}${fraction}${zone}`;
}

/** From 1900 to the last day PostgreSQL writes with four digits of year, in any zone. */
const FROM = Date.UTC(1900, 0, 1);
const UNTIL = Date.UTC(9999, 11, 30);

describe('timestamptzFromText', () => {
  it('reads what new Date reads, to the millisecond, for times, fractions and zones of every kind', () => {
    let seed = 1130;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const offsets = [0, 60, -300, 330, 345, -210, 840, -720, 525];
    const wrong: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const time = FROM + Math.floor(next() * (UNTIL - FROM));
      const text = pgText(time, Math.floor(next() * 1000), i % 7, offsets[i % offsets.length]!);
      if (timestamptzFromText(text)?.getTime() !== new Date(text).getTime()) wrong.push(text);
    }
    expect(wrong).toEqual([]);
    expect(timestamptzFromText('2026-11-30 10:42:21.123999+00')?.toISOString()).toBe(
      '2026-11-30T10:42:21.123Z',
    );
    expect(timestamptzFromText('2026-03-29 02:30:00+01')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('leaves any other text to the caller', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '2026-11-30 10:42:21+00 BC',
      '12026-01-01 00:00:00+00',
      '0099-01-01 00:00:00+00',
      '2026-11-30T10:42:21Z',
      '2026-11-30 10:42:21',
      '2026-11-30 10:42:21.+00',
      '2026-11-30 10:42:21.1234567+00',
      '1850-01-01 00:00:00-00:01:15',
      '2026-13-01 00:00:00+00',
      '2026-1x-01 00:00:00+00',
      '30/11/2026 10:42:21 UTC',
    ])
      expect(timestamptzFromText(text), text).toBeNull();
  });
});
