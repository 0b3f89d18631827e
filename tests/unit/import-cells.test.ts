import { CellError, dateTime, list, yesNo } from '@server/domain/imports/cells';
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
    expect(dateTime('2024-03-01', 'Published at')).toBe('2024-03-01T00:00');
    expect(dateTime('2024-03-01 09:30', 'Published at')).toBe('2024-03-01T09:30');
    expect(dateTime('1/3/2024', 'Published at')).toBe('2024-03-01T00:00');
    expect(dateTime('', 'Published at')).toBeNull();
    for (const text of ['31/02/2024', '2024-13-01', 'next week', '2024-03-01 25:00']) {
      expect(() => dateTime(text, 'Published at'), text).toThrow(CellError);
    }
  });

  it('splits a list on commas, semicolons and line breaks, dropping blanks', () => {
    expect(list('a@example.com, b@example.com;\nc@example.com,,')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });
});
