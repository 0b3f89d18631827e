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
 * One read shared by every call that arrives while it is on its way, but never a read that began
 * before the call did: a call made while a read runs waits for the next one, which starts when that
 * read ends and answers every call that waited. A write committed before a call was made is always
 * seen by it, and under load the database is asked about once per read's time, not per request.
 */
function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let waiting: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const started: Promise<T> = read().finally(() => {
      if (running === started) running = null;
    });
    running = started;
    return started;
  };
  return () => {
    if (!running) return start();
    waiting ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        waiting = null;
        return start();
      });
    return waiting;
  };
}

/** A content version and the next scheduled change (see readContentVersion). */
export interface ContentVersion {
  version: string;
  nextChange: Date | null;
}

/** The content version now, and, without asking anything, the one known to hold still. */
export interface ContentVersionReader {
  (): Promise<ContentVersion>;
  /**
   * The version last read, when nothing can have changed it since (see createContentVersionReader);
   * null when it must be read again.
   */
  known(): ContentVersion | null;
}

/** What lets a reader keep the version in memory between requests. */
export interface KeptVersionOptions {
  /** Runs a plain-text statement that `finished` does not count. */
  plain: PlainQuery;
  /** How many statements and transactions this process has finished (Database.finished). */
  finished: () => number;
  /**
   * How long a version read may be used for writes of other processes on the same database, in
   * ms: 0 for a database no other process writes (PGlite).
   */
  otherProcessesMs: number;
}

/**
 * readContentVersion for a process that asks often. The next scheduled change is looked up again
 * only when the stored version moved or that change's time has come, so most reads are one
 * single-row select with nothing to plan or bind, and calls made together share one read (see
 * sharedReads). With `kept`, a version read is used with no read at all until this process
 * finishes another statement (a write of its own has then committed before its caller goes on),
 * the next scheduled change is due, or `otherProcessesMs` has passed since the read began (what
 * another process committed shows within that time). Answers the same as readContentVersion for
 * every write this process committed before the call.
 */
export function createContentVersionReader(db: Db, kept?: KeptVersionOptions): ContentVersionReader {
  let known: { stored: string; nextChange: Date | null; version: string } | null = null;
  /** The version last read, the count of finished statements when its read began, and when that was. */
  let held: { answer: ContentVersion; finished: number; at: number } | null = null;
  const plain = kept?.plain;
  const shared = sharedReads(async (): Promise<ContentVersion> => {
    const finished = kept?.finished() ?? 0;
    const at = Date.now();
    const [row] = plain
      ? ((await plain(STORED_VERSION)).rows as { version: string | number; now: string | Date }[])
      : rowsOf<{ version: string | number; now: string | Date }>(await db.execute(sql.raw(STORED_VERSION)));
    if (!row) throw new Error('site_content_version has no row: the migrations have not run');
    const stored = String(row.version);
    const now = new Date(row.now).getTime();
    let answer: ContentVersion;
    if (known && known.stored === stored && (known.nextChange === null || now < known.nextChange.getTime())) {
      answer = { version: known.version, nextChange: known.nextChange };
    } else {
      // Counted as finished, but begun after `finished` was taken: the held answer is read again
      // once, next time.
      answer = await readContentVersion(db);
      known = { stored, ...answer };
    }
    held = { answer, finished, at };
    return answer;
  });
  const heldStill = (): ContentVersion | null => {
    if (!kept || !held || kept.finished() !== held.finished) return null;
    const now = Date.now();
    if (held.answer.nextChange && now >= held.answer.nextChange.getTime()) return null;
    if (kept.otherProcessesMs > 0 && now - held.at >= kept.otherProcessesMs) return null;
    return held.answer;
  };
  const reader = (() => {
    const still = heldStill();
    return still ? Promise.resolve(still) : shared();
  }) as ContentVersionReader;
  reader.known = heldStill;
  return reader;
}

/** What a cache of site answers keeps of each: the content version it was built at, and its size. */
export interface VersionedAnswer {
  version: string;
  /** Roughly what it holds in memory, in bytes. */
  bytes: number;
}

/**
 * The answers most recently built, by request, with the content version they were built at: a
 * request at the same version is answered from here (a 304 without reading anything but the
 * version). Bounded by entries and by bytes: the least recently used answer goes first, and once
 * an answer of a newer version is kept, those of older versions (which no request can be answered
 * from again) go at once.
 */
export class SiteAnswerCache<T extends VersionedAnswer = VersionedAnswer> {
  private readonly entries = new Map<string, T>();
  private bytes = 0;
  private latest = '';

  constructor(
    private readonly capacity = 2000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** How many answers and bytes are kept. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string, version: string): T | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    if (found.version !== version) {
      this.bytes -= found.bytes;
      return undefined;
    }
    this.entries.set(key, found);
    return found;
  }

  set(key: string, entry: T): void {
    if (entry.version !== this.latest) {
      this.latest = entry.version;
      for (const [other, kept] of this.entries) if (kept.version !== entry.version) this.remove(other);
    }
    this.remove(key);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity && this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.bytes -= found.bytes;
  }
}
