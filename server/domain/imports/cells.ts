import { fromUkWallClock, ukOffsetText } from '../ukTime';

/** Reading the cells of an imported row: flags, dates and lists as the providers' columns take them. */

export class CellError extends Error {
  constructor(
    readonly column: string,
    reason: string,
  ) {
    super(reason);
    this.name = 'CellError';
  }
}

/**
 * Reads a cell with `read`, keeping a CellError it throws among the row's `problems` and going on
 * with `fallback`: the report then names every cell of a row it cannot use, not only the first.
 */
export function kept<T>(problems: CellError[], read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof CellError)) throw error;
    problems.push(error);
    return fallback;
  }
}

const YES = new Set(['yes', 'y', '1', 'true']);
const NO = new Set(['no', 'n', '0', 'false']);

/** Yes or No (also 1/0, true/false); blank takes the default. */
export function yesNo(text: string | undefined, column: string, fallback: 0 | 1): 0 | 1 {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '') return fallback;
  if (YES.has(value)) return 1;
  if (NO.has(value)) return 0;
  throw new CellError(column, `Write Yes or No, not "${text}".`);
}

/**
 * A date, or a date and time, as the API takes it (YYYY-MM-DDTHH:MM:SS with its offset): from
 * 2024-03-01, 2024-03-01 09:30 or 01/03/2024 (day first, as written in the UK). A time without a
 * zone is UK time (GMT in winter, BST in summer), as the sheet's author meant it; one with a zone
 * (2024-03-01T09:30Z, 2024-07-01 09:30+02:00) keeps it. A date alone is midnight, UK time. Blank is null.
 */
export function dateTime(text: string | undefined, column: string): string | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})?)?$/.exec(value);
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/.exec(value);
  const parts = iso
    ? { y: iso[1]!, m: iso[2]!, d: iso[3]!, hh: iso[4], mm: iso[5], zone: iso[6] }
    : uk
      ? { y: uk[3]!, m: uk[2]!.padStart(2, '0'), d: uk[1]!.padStart(2, '0'), hh: uk[4], mm: uk[5] }
      : null;
  const result = parts ? `${parts.y}-${parts.m}-${parts.d}T${parts.hh ?? '00'}:${parts.mm ?? '00'}` : null;
  const wall = result ? new Date(`${result}:00Z`) : null;
  const zone = parts?.zone;
  if (
    !result ||
    !wall ||
    Number.isNaN(wall.getTime()) ||
    wall.toISOString().slice(0, 16) !== result ||
    (zone && zone !== 'Z' && !/^[+-](0\d|1[0-4]):[0-5]\d$/.test(zone))
  ) {
    throw new CellError(column, `Write a date as YYYY-MM-DD (or DD/MM/YYYY), not "${text}".`);
  }
  return `${result}:00${zone ?? ukOffsetText(fromUkWallClock(wall.getTime()))}`;
}

/** A list written in one cell, split on commas, semicolons or line breaks. */
export function list(text: string | undefined, separators = /[,;\n]+/): string[] {
  return (text ?? '')
    .split(separators)
    .map((part) => part.trim())
    .filter(Boolean);
}
