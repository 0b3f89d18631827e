import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { nextScheduledChangeSql } from '../domain/pages/schedule';
import { rowsOf } from '../domain/pages/transaction';

/**
 * What a website's answers depend on besides the request, as one string: the content version that
 * every commit touching pages, brands, dealerships or settings raises (migration 0017), and the
 * next moment a scheduled page goes live or comes down. While it stays the same, so does every site answer.
 * Read before the content it vouches for, a commit in between can only make it older than the
 * content, never newer: an answer may be rebuilt once too often, never served stale.
 */
export async function readContentVersion(db: Db): Promise<{ version: string; nextChange: Date | null }> {
  const [row] = rowsOf<{ version: string | number; next_change: string | Date | null }>(
    await db.execute(
      sql`select v.version, ${nextScheduledChangeSql} as next_change from site_content_version v`,
    ),
  );
  if (!row) throw new Error('site_content_version has no row: the migrations have not run');
  const nextChange = row.next_change === null ? null : new Date(row.next_change);
  return { version: `${row.version}/${nextChange?.toISOString() ?? ''}`, nextChange };
}

/** Runs one statement without parameters, as plain text: the cheapest way PGlite has to ask. */
export type PlainQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const STORED_VERSION = 'select version, now() as now from site_content_version';

/**
 * readContentVersion for a process that asks often: the next scheduled change is looked up again
 * only when the stored version moved or that change's time has come (by the database's clock), so
 * most reads are one single-row select with nothing to plan or bind (sent as plain text when
 * `plain` is given). Answers the same as readContentVersion at every moment.
 */
export function createContentVersionReader(
  plain?: PlainQuery,
): (db: Db) => Promise<{ version: string; nextChange: Date | null }> {
  let known: { stored: string; nextChange: Date | null; version: string } | null = null;
  return async (db) => {
    const [row] = plain
      ? ((await plain(STORED_VERSION)).rows as { version: string | number; now: string | Date }[])
      : rowsOf<{ version: string | number; now: string | Date }>(await db.execute(sql.raw(STORED_VERSION)));
    if (!row) throw new Error('site_content_version has no row: the migrations have not run');
    const stored = String(row.version);
    const now = new Date(row.now).getTime();
    if (known && known.stored === stored && (known.nextChange === null || now < known.nextChange.getTime())) {
      return { version: known.version, nextChange: known.nextChange };
    }
    const fresh = await readContentVersion(db);
    known = { stored, ...fresh };
    return fresh;
  };
}

interface Remembered {
  version: string;
  etag: string;
  /** The answer as sent: its JSON, checked against the call's schema once; null for a 404. */
  body: string | null;
}

/**
 * The answers most recently built, by request, with the content version they were built at: a
 * request at the same version is answered from here (a 304 without reading anything but the
 * version). Bounded: the least recently used answer goes first.
 */
export class SiteAnswerCache {
  private readonly entries = new Map<string, Remembered>();

  constructor(private readonly capacity = 2000) {}

  get(key: string, version: string): Remembered | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    if (found.version !== version) return undefined;
    this.entries.set(key, found);
    return found;
  }

  set(key: string, entry: Remembered): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
