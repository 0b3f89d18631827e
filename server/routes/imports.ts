import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { builderImportProviders, builderImportRun, importFields } from '@/api/contract/builder';
import { messageResponse } from '@/api/contract/common';
import { importsRecent, importsShow } from '@/api/contract/imports';
import type { AccessArea } from '@/shared/access';
import type { Db } from '../db/open';
import { type ImportKind, imports } from '../db/schema/jobs';
import { followedBy } from '../domain/access/jobFollowers';
import { heldByQueue } from '../domain/imports/orphans';
import { importProgressOf, providerOffered } from '../domain/imports/present';
import { missingColumns, PROVIDERS, providerFor } from '../domain/imports/providers';
import { IMPORT_QUEUE, type ImportJobData, queueImport } from '../domain/imports/run';
import { sampleWorkbook } from '../domain/imports/sample';
import { readSheet, SheetError } from '../domain/imports/sheet';
import { CONTENT_TYPES, displayName, sniff } from '../domain/storage';
import { invalid, notFound } from '../http/errors';
import { readUploadForm } from '../http/multipart';
import { registerCall } from '../http/route';

/** An import's row, and whether the queue still holds its job (a failed one will be tried again). */
const withRetry = { row: imports, queued: heldByQueue(IMPORT_QUEUE) };

/** The area each kind of import writes to. */
const IMPORTED_INTO: Record<ImportKind, AccessArea> = { page: 'pages', form: 'forms' };

export interface ImportsRouteOptions {
  db: Db;
  /** Where uploads wait for their job: not under the public storage. */
  dir: string;
  enqueueImport: (data: ImportJobData, within: Db) => Promise<string>;
}

/** What is wrong with the uploaded sheet for this provider, or null when it can be queued. */
async function sheetProblem(bytes: Buffer, provider: ReturnType<typeof providerFor>): Promise<string | null> {
  if (sniff(bytes) !== 'xlsx') return 'The file must be an Excel workbook (.xlsx).';
  try {
    // Inflates at most MAX_UNPACKED_BYTES, counted as they come out, however small the file.
    const { headers, rows } = await readSheet(bytes, Number.MAX_SAFE_INTEGER);
    if (!provider) return null;
    const missing = missingColumns(provider, headers);
    if (missing.length > 0) {
      return `The sheet has no ${missing.join(', ')} ${missing.length === 1 ? 'column' : 'columns'}: the first row must name the columns (download the sample).`;
    }
    if (rows.length === 0) return 'The sheet has no rows to import.';
    return null;
  } catch (error) {
    if (error instanceof SheetError) return error.message;
    throw error;
  }
}

export function importsRoutes(app: FastifyInstance, opts: ImportsRouteOptions) {
  const { db } = opts;

  registerCall(app, builderImportProviders, async () => {
    const all = Object.values(PROVIDERS);
    return {
      data: Object.fromEntries(all.map((p) => [p.key, p.label])),
      providers: all.map(providerOffered),
    };
  });

  // A workbook with nothing in it but headers and examples: served without sign-in so a plain link downloads it.
  app.get<{ Params: { provider: string } }>(
    '/api/builder/imports/samples/:provider',
    {
      schema: {
        operationId: 'builderImportSample',
        summary:
          "A provider's sample import workbook (`<provider>.xlsx`): its columns' headers and an example row",
        tags: ['builder'],
        security: [],
        params: z.object({
          provider: z.string().meta({ description: 'The provider key, `.xlsx` after it' }),
        }),
        response: {
          200: {
            description: 'The workbook, as an attachment',
            content: { [CONTENT_TYPES.xlsx]: { schema: z.string().meta({ format: 'binary' }) } },
          },
          404: messageResponse,
        },
      },
    },
    async (request, reply) => {
      const key = request.params.provider.replace(/\.xlsx$/, '');
      const provider = providerFor(key);
      if (!provider) return reply.status(404).send({ message: 'Not found.' });
      return reply
        .type(CONTENT_TYPES.xlsx)
        .header('Content-Disposition', `attachment; filename="${provider.key}-import-sample.xlsx"`)
        .send(await sampleWorkbook(provider));
    },
  );

  registerCall(app, builderImportRun, async ({ raw, user }) => {
    const form = await readUploadForm(raw, 'import');
    const errors: Record<string, string> = {};
    const fields = importFields.safeParse(form.fields);
    if (!fields.success) {
      for (const issue of fields.error.issues) errors[String(issue.path[0])] ??= issue.message;
    }
    const provider = fields.success ? providerFor(fields.data.provider) : null;
    if (fields.success && !provider) errors.provider = 'Choose a provider from the list.';
    if (!form.file || form.file.bytes.length === 0) {
      errors.import = 'Choose a file to import.';
    } else {
      const problem = await sheetProblem(form.file.bytes, provider);
      if (problem) errors.import = problem;
    }
    if (Object.keys(errors).length > 0 || !fields.success || !provider || !form.file) throw invalid(errors);

    await mkdir(opts.dir, { recursive: true });
    const file = join(opts.dir, `${randomUUID()}.xlsx`);
    // Written aside and renamed, so the job never reads half a file.
    await writeFile(`${file}.part`, form.file.bytes);
    await rename(`${file}.part`, file);
    const id = await queueImport(db, opts.enqueueImport, {
      provider,
      email: fields.data.email,
      file,
      filename: displayName(form.file.filename),
      userId: user.id,
    });
    const noun = provider.kind === 'page' ? 'pages' : 'forms';
    return {
      message: `Your import has started: the ${noun} are created in the background and the result is e-mailed to ${fields.data.email}.`,
      import_id: id,
    };
  });

  registerCall(app, importsShow, async ({ params, user }) => {
    const [found] = await db
      .select(withRetry)
      .from(imports)
      .where(and(eq(imports.id, params.id), followedBy(user, imports, IMPORTED_INTO)));
    if (!found) throw notFound('The import you are looking for does not exist.');
    return { data: importProgressOf(found.row, found.queued) };
  });

  // The list beside the pages and forms: the same imports as each one's progress answers.
  registerCall(app, importsRecent, async ({ query, user }) => {
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    const rows = await db
      .select(withRetry)
      .from(imports)
      .where(
        and(
          eq(imports.kind, query.kind),
          or(inArray(imports.status, ['queued', 'running']), gt(imports.updatedAt, hourAgo)),
          followedBy(user, imports, IMPORTED_INTO),
        ),
      )
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(5);
    return { data: rows.map((found) => importProgressOf(found.row, found.queued)) };
  });
}
