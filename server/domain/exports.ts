import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { type ExportKind, exports } from '../db/schema/jobs';
import { recordChange } from './history/record';
import { type JobContext, JobStopped } from './jobs';
import type { Mailer } from './mail';
import { type CellValue, type SheetColumn, writeSheet } from './spreadsheet';
import { transaction } from './transaction';

export const EXPORT_QUEUE = 'export';

/** How long a claim to send an export's mail holds before another run may take it over. */
const MAIL_CLAIM_MS = 10 * 60_000;

export interface ExportJobData {
  exportId: number;
}

/** What one kind of export reads: its columns, how many rows, and the rows in batches. */
export interface ExportSource {
  /** The sheet's title. */
  title: string;
  /** What the export is of, as the console names it and its mail says: a form's title, 'vehicles'. */
  name: string;
  columns: SheetColumn[];
  count(db: Db, params: Record<string, string>): Promise<number>;
  /** Yields batches in a stable order; each batch is one short query. */
  batches(db: Db, params: Record<string, string>): AsyncIterable<CellValue[][]>;
}

export interface ExportDeps {
  db: Db;
  mailer: Mailer;
  dir: string;
  /** What an export of this kind, with these parameters, reads. */
  sourceFor: (
    kind: ExportKind,
    params: Record<string, string>,
  ) => ExportSource | null | Promise<ExportSource | null>;
  /** Rows between two progress writes. */
  progressEvery?: number;
}

/**
 * Records an export, queues its job and logs the request, in one transaction: an export exists
 * with its job and its activity entry, or not at all. The job finds everything else in the row.
 */
export async function queueExport(
  db: Db,
  enqueue: (data: ExportJobData, within: Db) => Promise<string>,
  fields: {
    kind: ExportKind;
    /** What the export is of, as the console names it (a form's title, 'vehicles'): the log says it. */
    name: string;
    email: string;
    params?: Record<string, string>;
    userId?: number;
  },
): Promise<number> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(exports)
      .values({ kind: fields.kind, email: fields.email, params: fields.params ?? {}, userId: fields.userId })
      .returning({ id: exports.id });
    await enqueue({ exportId: row!.id }, tx);
    // Vehicles are exported from the settings screen.
    await recordChange(tx, {
      area: fields.kind === 'vehicles' ? 'settings' : 'responses',
      action: 'export_requested',
      detail: `${fields.name} to ${fields.email}`,
    });
    return row!.id;
  });
}

/**
 * Runs one export. A retry after a crash starts the file again (a partial file is worth nothing)
 * but never mails twice: once the mail is recorded as sent, the job only finishes.
 */
export async function runExport(deps: ExportDeps, data: ExportJobData, context: JobContext): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .update(exports)
    .set({ status: 'running', attempts: sql`${exports.attempts} + 1`, rowsDone: 0, updatedAt: new Date() })
    .where(eq(exports.id, data.exportId))
    .returning();
  if (!row) return;
  if (row.mailedAt) {
    await db.update(exports).set({ status: 'done', updatedAt: new Date() }).where(eq(exports.id, row.id));
    return;
  }
  const source = await deps.sourceFor(row.kind, row.params);
  if (!source) throw new Error(`Nothing to export for ${row.kind} ${JSON.stringify(row.params)}.`);

  try {
    const total = await source.count(db, row.params);
    await db.update(exports).set({ rowsTotal: total }).where(eq(exports.id, row.id));
    const every = deps.progressEvery ?? 1000;
    // Each attempt writes its own file: two overlapping runs never write into one.
    const file = join(deps.dir, `${row.kind}-export-${row.id}-${row.attempts}.xlsx`);
    let done = 0;
    let reported = 0;
    async function* rows(): AsyncIterable<CellValue[]> {
      for await (const batch of source!.batches(db, row!.params)) {
        if (context.signal.aborted) throw new JobStopped();
        // Writing a batch and reading the next resolve without touching the event loop (PGlite runs
        // in this thread): give waiting requests their turn, or the console stalls during an export.
        await nextTurn();
        for (const cells of batch) yield cells;
        done += batch.length;
        if (done - reported >= every) {
          reported = done;
          await db
            .update(exports)
            .set({ rowsDone: done, updatedAt: new Date() })
            .where(eq(exports.id, row!.id));
        }
      }
    }
    const started = Date.now();
    await writeSheet(file, source.title, source.columns, rows());
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);

    if (context.signal.aborted) throw new JobStopped();
    // Two runs of one export can overlap (a run the queue gave up on may still be going): only the
    // run that claims the mail sends it. A claim left by a process that died expires.
    const claimed = await db
      .update(exports)
      .set({ mailClaimedAt: new Date() })
      .where(
        and(
          eq(exports.id, row.id),
          isNull(exports.mailedAt),
          or(isNull(exports.mailClaimedAt), lt(exports.mailClaimedAt, new Date(Date.now() - MAIL_CLAIM_MS))),
        ),
      )
      .returning({ id: exports.id });
    if (claimed.length === 0) return;
    try {
      await deps.mailer.send({
        to: row.email,
        subject: `Your ${source.name} export`,
        text: `Attached is the ${source.name} export you asked for: ${done} ${done === 1 ? 'row' : 'rows'}.`,
        attachments: [
          {
            filename: `${row.kind}-export.xlsx`,
            path: file,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        ],
      });
    } catch (error) {
      // Not sent: the next attempt may send it at once.
      await db.update(exports).set({ mailClaimedAt: null }).where(eq(exports.id, row.id));
      throw error;
    }
    await db
      .update(exports)
      .set({ status: 'done', rowsDone: done, mailedAt: new Date(), error: null, updatedAt: new Date() })
      .where(eq(exports.id, row.id));
    console.info(`export ${row.id}: ${done} rows, ${Math.round(done / seconds)} rows/s`);
  } catch (error) {
    await db
      .update(exports)
      .set({
        status: error instanceof JobStopped ? 'queued' : 'failed',
        error: error instanceof Error ? error.message : String(error),
        updatedAt: new Date(),
      })
      .where(eq(exports.id, row.id));
    throw error;
  }
}
