import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CellError, dateTime, list, yesNo } from '@server/domain/imports/cells';
import { readSheet } from '@server/domain/imports/sheet';
import { type CellValue, writeSheet } from '@server/domain/spreadsheet';
import { describe, expect, it } from 'vitest';

describe('reading import cells', () => {
  it('reads Yes and No in their usual spellings, blank as the default, anything else as an error', () => {
    expect(['Yes', 'y', 'TRUE', '1'].map((text) => yesNo(text, 'Published', 0))).toEqual([1, 1, 1, 1]);
    expect(['No', 'n', 'false', '0'].map((text) => yesNo(text, 'Published', 1))).toEqual([0, 0, 0, 0]);
    expect(yesNo('', 'Send email', 1)).toBe(1);
    expect(() => yesNo('Maybe', 'Published', 0)).toThrow(
      new CellError('Published', 'Write Yes or No, not "Maybe".'),
    );
  });

  it('reads ISO and day-first dates, with or without a time, and refuses dates that do not exist', () => {
    expect(dateTime('2024-03-01', 'Published at')).toBe('2024-03-01T00:00:00+00:00');
    expect(dateTime('2024-03-01 09:30', 'Published at')).toBe('2024-03-01T09:30:00+00:00');
    expect(dateTime('1/3/2024', 'Published at')).toBe('2024-03-01T00:00:00+00:00');
    expect(dateTime('', 'Published at')).toBeNull();
    for (const text of [
      '31/02/2024',
      '2024-13-01',
      'next week',
      '2024-03-01 25:00',
      '2024-03-01T09:30+25:00',
    ]) {
      expect(() => dateTime(text, 'Published at'), text).toThrow(CellError);
    }
  });

  it('reads a time without a zone as UK time: BST in summer, GMT in winter', () => {
    const instant = (text: string) => new Date(dateTime(text, 'Published at')!).toISOString();
    expect(dateTime('2024-07-01 09:30', 'Published at')).toBe('2024-07-01T09:30:00+01:00');
    expect(instant('01/07/2024 09:30')).toBe('2024-07-01T08:30:00.000Z');
    expect(instant('2024-07-01')).toBe('2024-06-30T23:00:00.000Z');
    expect(instant('15/01/2024 09:30')).toBe('2024-01-15T09:30:00.000Z');
    // The clocks go forward at 01:00 on 31 March 2024 and back at 02:00 on 27 October 2024.
    expect(instant('2024-03-31 00:30')).toBe('2024-03-31T00:30:00.000Z');
    expect(instant('2024-03-31 02:30')).toBe('2024-03-31T01:30:00.000Z');
    expect(instant('2024-10-27 00:30')).toBe('2024-10-26T23:30:00.000Z');
    expect(instant('2024-10-27 02:30')).toBe('2024-10-27T02:30:00.000Z');
  });

  it('keeps the zone of a time that has one', () => {
    expect(dateTime('2024-07-01T09:30Z', 'Published at')).toBe('2024-07-01T09:30:00Z');
    expect(dateTime('2024-07-01 09:30+02:00', 'Published at')).toBe('2024-07-01T09:30:00+02:00');
  });

  it('splits a list on commas, semicolons and line breaks, dropping blanks', () => {
    expect(list('a@example.com, b@example.com;\nc@example.com,,')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it('reads back what an export writes: OOXML escapes undone once, line breaks as line breaks', async () => {
    const texts = [
      'Line one\r\nLine two',
      'A literal _x000D_ and _x005F_ stay as typed',
      '+44 7700 900123',
      '=1+1',
      'Private \uf8ff mark, control \u0001 character',
      'Tab\tinside',
    ];
    const dir = mkdtempSync(join(tmpdir(), 'round-trip-'));
    try {
      const file = join(dir, 'out.xlsx');
      async function* rows(): AsyncIterable<CellValue[]> {
        for (const text of texts) yield [text, new Date(Date.UTC(2024, 6, 1, 9, 30))];
      }
      await writeSheet(file, 'Round trip', [{ header: 'Text' }, { header: 'When' }], rows());
      const sheet = await readSheet(readFileSync(file), 100);
      expect(sheet.headers).toEqual(['text', 'when']);
      expect(sheet.rows.map((row) => row.cells.text)).toEqual(['Line one\nLine two', ...texts.slice(1)]);
      // Written as 10:30 UK time (BST), read back as the UK time the sheet shows.
      expect(sheet.rows[0]!.cells.when).toBe('2024-07-01 10:30');
      expect(new Date(dateTime(sheet.rows[0]!.cells.when, 'When')!).toISOString()).toBe(
        '2024-07-01T09:30:00.000Z',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
