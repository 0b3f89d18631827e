/**
 * A time as `Date.prototype.toISOString` writes it (`2026-11-30T10:42:21.123Z`), in about a
 * quarter of its time: lists answer two or three times per record, and on a page of users that
 * builtin was the largest part of mapping the rows. The date is split into its fields by
 * arithmetic on its time value (days to a civil date as in Howard Hinnant's `civil_from_days`).
 * Times outside 1970 to 9999, where toISOString writes a sign or six digits of year, and invalid
 * dates, where it throws, are left to the builtin.
 */

const twoDigits = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const threeDigits = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 10000-01-01T00:00:00Z: the first time written with a six-digit year. */
const YEAR_10000 = 253_402_300_800_000;
/** Days from 0000-03-01, the start of the 400-year era the arithmetic counts in, to 1970-01-01. */
const EPOCH_DAYS = 719_468;
const DAYS_PER_ERA = 146_097;

export function isoTime(date: Date): string {
  const time = date.getTime();
  if (!(time >= 0 && time < YEAR_10000)) return date.toISOString();
  const days = Math.floor(time / DAY);
  let rest = time - days * DAY;
  const hour = Math.floor(rest / HOUR);
  rest -= hour * HOUR;
  const minute = Math.floor(rest / MINUTE);
  rest -= minute * MINUTE;
  const second = Math.floor(rest / 1000);
  const milli = rest - second * 1000;
  // The year counted from March, so that a leap day is the last day of its year.
  const fromEra = days + EPOCH_DAYS;
  const era = Math.floor(fromEra / DAYS_PER_ERA);
  const dayOfEra = fromEra - era * DAYS_PER_ERA;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0);
  return `${year}-${twoDigits[month]}-${twoDigits[day]}T${twoDigits[hour]}:${twoDigits[minute]}:${twoDigits[second]}.${threeDigits[milli]}Z`;
}

/** isoTime, or null for no time. */
export const isoTimeOrNull = (date: Date | null | undefined): string | null => (date ? isoTime(date) : null);
