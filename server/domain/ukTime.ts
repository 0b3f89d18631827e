/**
 * UK time (Europe/London: GMT in winter, BST in summer), the time spreadsheets are read and written
 * in: a spreadsheet's dates carry no zone, and the people who open them are in the UK.
 */

const HOUR = 3_600_000;

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// London changes its offset on the hour (01:00 UTC), so the offset is the same for a whole UTC hour:
// one per hour is worked out, and an export of many rows in a row asks about the same hour again.
let cachedHour = Number.NaN;
let cachedOffset = 0;

/** How far UK time is ahead of UTC at an instant, in milliseconds (0 or one hour). */
export function ukOffset(instant: number): number {
  const hour = Math.floor(instant / HOUR);
  if (hour === cachedHour) return cachedOffset;
  const parts: Record<string, number> = {};
  for (const part of london.formatToParts(hour * HOUR)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  cachedHour = hour;
  cachedOffset = wall - hour * HOUR;
  return cachedOffset;
}

/** The UK wall-clock time of an instant, as milliseconds since 1970 read as if it were UTC. */
export function ukWallClock(instant: number): number {
  return instant + ukOffset(instant);
}

/**
 * The instant a UK wall-clock time (milliseconds since 1970, read as if UTC) names. A time the
 * clocks skip in spring (01:30 on the last Sunday of March) is read in GMT, so an hour later in
 * BST; a time they pass twice in autumn is the first of the two, in BST.
 */
export function fromUkWallClock(wall: number): number {
  const summer = wall - HOUR;
  if (ukOffset(summer) === HOUR) return summer;
  return wall;
}

/** '+01:00' or '+00:00': the offset UK time has at an instant, as ISO 8601 writes it. */
export function ukOffsetText(instant: number): string {
  return ukOffset(instant) === HOUR ? '+01:00' : '+00:00';
}
