import { readFile, rm } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Access } from '@/shared/access';
import type { Db } from '../../db/open';
import { type ImportRejection, imports } from '../../db/schema/jobs';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { HttpError } from '../../http/errors';
import { type Actor, actingAs } from '../history/actor';
import { recordChange } from '../history/record';
import { type JobContext, JobStopped } from '../jobs';
import type { Mailer } from '../mail';
import { storePage } from '../pages/write';
import { IMPORTED_TABLES, type RefreshStatistics } from '../statistics';
import { transaction } from '../transaction';
import { emitEvent, pagePaths } from '../webhooks/outbox';
import { type CheckedRow, checkRows } from './check';
import { failureMessage, isWordedForStaff } from './failure';
import { createLookups, takenNames } from './lookups';
import type { ImportProvider } from './provider';
import { providerFor } from './providers';
import { readSheet, SheetError, type SheetRow } from './sheet';

export const IMPORT_QUEUE = 'import';

/** The most data rows one file may hold; the whole file is created in one transaction. */
export const MAX_IMPORT_ROWS = 1000;

/** How long a claim to send an import's mail holds before another run may take it over. */
const MAIL_CLAIM_MS = 10 * 60_000;

/** Imports of one kind take this lock while they create, so two never judge the same names at once. */
const IMPORT_LOCK = 7_304;
const LOCK_OF_KIND = { page: 1, form: 2 } as const;

export interface ImportJobData {
  importId: number;
}

export interface ImportDeps {
  db: Db;
  mailer: Mailer;
  /** Queues the jobs of the created pages' scheduled times; a start queues any a crash left out. */
  schedule?: (ids: readonly number[]) => Promise<void>;
  /** Brings the planner's figures up to date once the rows are in (PGlite has no autoanalyze). */
  refreshStatistics?: RefreshStatistics;
  /** Logs what stopped an import unforeseen: staff read a plain message, the detail is here. */
  logFailure?: (error: unknown, importId: number) => void;
}

/**
 * Records an import, queues its job and logs the request, in one transaction: an import exists
 * with its job and its activity entry, or not at all.
 */
export async function queueImport(
  db: Db,
  enqueue: (data: ImportJobData, within: Db) => Promise<string>,
  fields: { provider: ImportProvider; email: string; file: string; filename: string; userId?: number },
): Promise<number> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(imports)
      .values({
        kind: fields.provider.kind,
        provider: fields.provider.key,
        email: fields.email,
        file: fields.file,
        filename: fields.filename,
        userId: fields.userId,
      })
      .returning({ id: imports.id });
    await enqueue({ importId: row!.id }, tx);
    await recordChange(tx, {
      area: fields.provider.kind === 'page' ? 'pages' : 'forms',
      action: 'import_requested',
      detail: fields.filename,
    });
    return row!.id;
  });
}

/** The rows of the stored upload; a sheet that cannot be read becomes one rejection. */
async function readRows(file: string): Promise<{ rows: SheetRow[]; problem: ImportRejection | null }> {
  let rows: SheetRow[];
  try {
    ({ rows } = await readSheet(await readFile(file), MAX_IMPORT_ROWS));
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    return { rows: [], problem: { row: 1, column: 'File', reason: error.message } };
  }
  if (rows.length === 0)
    return { rows, problem: { row: 2, column: 'File', reason: 'The sheet has no rows to import.' } };
  return { rows, problem: null };
}

class Refused extends Error {
  constructor(readonly rejected: ImportRejection[]) {
    super('Rows were refused while creating them.');
  }
}

/** The column a refusal of storePage belongs to, from the field its 422 names. */
function columnOfError(provider: ImportProvider, error: HttpError): string {
  // A parent out of the importer's scope is not found (404, no field).
  if (error.statusCode === 404) return 'Parent';
  const key = Object.keys(error.errors ?? {})[0] ?? 'name';
  if (key === 'parent') return 'Parent';
  return provider.fieldColumns[key] ?? provider.columns[0]!.header;
}

/**
 * Creates every checked row through the tree's own write functions, in one transaction: all of
 * them or, when any is refused now (a name taken since the check, a parent gone), none. The
 * import is marked applied in the same transaction, so a run after a crash never creates twice.
 */
async function applyRows(
  db: Db,
  importId: number,
  provider: ImportProvider,
  rows: CheckedRow[],
  created: number[],
) {
  const kind = provider.kind;
  const noun = kind === 'page' ? 'page' : 'form';
  try {
    await transaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${LOCK_OF_KIND[kind]})`);
      // Another run of this import (one the queue gave up on too early) may have created it already.
      const [current] = await tx
        .select({ appliedAt: imports.appliedAt })
        .from(imports)
        .where(eq(imports.id, importId))
        .for('update');
      if (current?.appliedAt) return;
      const rejected: ImportRejection[] = [];
      const taken = await takenNames(
        tx,
        kind,
        rows.map((row) => row.name),
      );
      for (const row of rows) {
        if (row.placement.parent === 'row') continue;
        const parentId = row.placement.parent === 'page' ? row.placement.id : '';
        if (taken.has(`${parentId}|${row.name.trim().toLowerCase()}`)) {
          rejected.push({
            row: row.row,
            column: 'Name',
            reason: `A ${noun} named "${row.name}" already exists there.`,
          });
        }
      }
      if (rejected.length > 0) throw new Refused(rejected);
      const made = new Map<number, number>();
      const importer = await importerOf(tx, importId);
      for (const row of rows) {
        const placement = row.placement;
        const parentId =
          placement.parent === null
            ? null
            : placement.parent === 'page'
              ? placement.id
              : made.get(placement.row);
        if (parentId === undefined) {
          rejected.push({ row: row.row, column: 'Parent', reason: 'Its parent row could not be created.' });
          continue;
        }
        try {
          const saved = await actingAs(importer && { id: importer.id, name: importer.name }, () =>
            storePage(tx, kind, row.values, parentId, 'imported', importer?.access),
          );
          made.set(row.row, saved.id);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
          rejected.push({ row: row.row, column: columnOfError(provider, error), reason: error.message });
        }
      }
      if (rejected.length > 0) throw new Refused(rejected);
      created.splice(0, created.length, ...made.values());
      await tx
        .update(imports)
        .set({
          status: 'done',
          created: rows.length,
          rowsDone: rows.length,
          appliedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(imports.id, importId), isNull(imports.appliedAt)));
      // One event for the whole import, with every page it made.
      const ids = [...made.values()];
      await emitEvent(tx, {
        type: 'import.finished',
        owner: { brand: null, dealership: null },
        ids,
        ...(kind === 'page'
          ? {
              paths: sql`(select coalesce(array_agg(distinct x), '{}') from pages made,
                unnest(${pagePaths(sql`made.id`)}) x where made.id = any(${`{${ids.join(',')}}`}::int[]))`,
            }
          : {}),
        data: { import_id: importId, kind },
      });
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.rejected;
    throw error;
  }
}

/**
 * The user who uploaded an import: its pages' history names them, and their role and scope as
 * they are now decide where its rows may go (the places they may write) and whether they may
 * arrive published.
 */
async function importerOf(tx: Db, importId: number): Promise<(Actor & { access: Access }) | null> {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      roleId: roles.id,
      roleName: roles.name,
      permissions: roles.permissions,
      brandIds: users.scopeBrandIds,
      dealershipIds: users.scopeDealershipIds,
    })
    .from(imports)
    .innerJoin(users, eq(users.id, imports.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(imports.id, importId));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    access: {
      role: { id: row.roleId, name: row.roleName, permissions: row.permissions },
      scope: { brand_ids: row.brandIds, dealership_ids: row.dealershipIds },
    },
  };
}

function describeRejection(rejection: ImportRejection): string {
  return `Row ${rejection.row}, column ${rejection.column}: ${rejection.reason}`;
}

/** The confirmation mail: what was created, or every rejected row and why. */
export function importMail(record: typeof imports.$inferSelect, provider: ImportProvider) {
  const plural = provider.kind === 'page' ? 'pages' : 'forms';
  const noun = provider.kind === 'page' ? 'page' : 'form';
  if (record.status === 'done') {
    const count = `${record.created} ${record.created === 1 ? noun : plural}`;
    return {
      subject: `Your ${noun} import is complete: ${count} created`,
      text: `The import of ${record.filename} (${provider.label}) created ${count}.\n`,
    };
  }
  const lines = record.rejected.map(describeRejection);
  const rows = new Set(record.rejected.map((r) => r.row)).size;
  return {
    subject: `Your ${noun} import was rejected: nothing was imported`,
    text:
      `Nothing was imported from ${record.filename} (${provider.label}): ${rows} ${rows === 1 ? 'row was' : 'rows were'} rejected, ` +
      `and a file is imported whole or not at all. Correct these rows and import the file again.\n\n` +
      `${lines.join('\n')}\n`,
  };
}

/**
 * Runs one import: reads the stored sheet (streamed), checks every row, creates all of it or
 * nothing, then mails the confirmation address once. A retry after a crash reads the file again
 * unless the outcome was already recorded; the mail is claimed so that two overlapping runs send
 * it once.
 */
export async function runImport(deps: ImportDeps, data: ImportJobData, context: JobContext): Promise<void> {
  const { db } = deps;
  const [started] = await db
    .update(imports)
    .set({ attempts: sql`${imports.attempts} + 1`, updatedAt: new Date() })
    .where(eq(imports.id, data.importId))
    .returning();
  if (!started) return;
  const provider = providerFor(started.provider);
  if (!provider) throw new Error(`No import provider ${started.provider}.`);

  try {
    if (started.status !== 'done' && started.status !== 'rejected') {
      await db
        .update(imports)
        .set({ status: 'running', rowsDone: 0, updatedAt: new Date() })
        .where(eq(imports.id, started.id));
      const { rows, problem } = await readRows(started.file);
      await db.update(imports).set({ rowsTotal: rows.length }).where(eq(imports.id, started.id));
      const outcome = problem
        ? { rows: [], rejected: [problem] }
        : await checkRows(
            provider,
            rows,
            createLookups(db, (await importerOf(db, started.id))?.access.scope),
            async (done) => {
              if (context.signal.aborted) throw new JobStopped();
              await db
                .update(imports)
                .set({ rowsDone: done, updatedAt: new Date() })
                .where(eq(imports.id, started.id));
              // PGlite runs in this thread: let waiting requests (the progress bar's) have their turn.
              await nextTurn();
            },
          );
      if (context.signal.aborted) throw new JobStopped();
      const created: number[] = [];
      const rejected =
        outcome.rejected.length > 0
          ? outcome.rejected
          : await applyRows(db, started.id, provider, outcome.rows, created);
      if (!rejected) {
        await deps.schedule?.(created);
        await deps.refreshStatistics?.(IMPORTED_TABLES);
      }
      if (rejected) {
        await db
          .update(imports)
          .set({ status: 'rejected', rejected, created: 0, updatedAt: new Date() })
          .where(and(eq(imports.id, started.id), isNull(imports.appliedAt)));
      }
    }
    await mailOutcome(deps, started.id, provider);
  } catch (error) {
    if (!isWordedForStaff(error)) deps.logFailure?.(error, started.id);
    await db
      .update(imports)
      .set({
        status: error instanceof JobStopped ? 'queued' : 'failed',
        error: failureMessage(error),
        updatedAt: new Date(),
      })
      .where(
        and(eq(imports.id, started.id), isNull(imports.appliedAt), sql`${imports.status} <> 'rejected'`),
      );
    throw error;
  }
}

/** Sends the confirmation once: only the run that claims the mail sends it; a claim of a dead process expires. */
async function mailOutcome(deps: ImportDeps, id: number, provider: ImportProvider): Promise<void> {
  const { db } = deps;
  const claimed = await db
    .update(imports)
    .set({ mailClaimedAt: new Date() })
    .where(
      and(
        eq(imports.id, id),
        isNull(imports.mailedAt),
        or(isNull(imports.mailClaimedAt), lt(imports.mailClaimedAt, new Date(Date.now() - MAIL_CLAIM_MS))),
      ),
    )
    .returning();
  const record = claimed[0];
  if (!record) return;
  try {
    await deps.mailer.send({ to: record.email, ...importMail(record, provider) });
  } catch (error) {
    await db.update(imports).set({ mailClaimedAt: null }).where(eq(imports.id, id));
    throw error;
  }
  await db
    .update(imports)
    .set({ mailedAt: new Date(), error: null, updatedAt: new Date() })
    .where(eq(imports.id, id));
  // The outcome is recorded and mailed: the upload has served its purpose.
  await rm(record.file, { force: true });
}
