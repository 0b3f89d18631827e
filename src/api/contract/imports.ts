import { z } from 'zod';
import { idParams, timestamp } from './common';
import { defineCall } from './define';

export const importKind = z.enum(['page', 'form']);

/** A background import as the console follows it (a progress bar while it runs). */
export const importProgress = z.object({
  id: z.number().int(),
  kind: importKind,
  provider: z.string(),
  filename: z.string(),
  status: z.enum(['queued', 'running', 'done', 'rejected', 'failed']),
  /** Rows checked so far. */
  rows_done: z.number().int(),
  /** Unknown until the job has read the sheet. */
  rows_total: z.number().int().nullable(),
  /** Pages or forms created (all of the file, or none). */
  created: z.number().int(),
  /** Rows refused; the mail lists each with its column and reason. */
  rejected: z.number().int(),
  /** The first refusals (the mail has them all): spreadsheet row, column header and reason. */
  rejections: z.array(z.object({ row: z.number().int(), column: z.string(), reason: z.string() })),
  mailed: z.boolean(),
  /** Why a failed import stopped, as stored; null unless it failed. */
  error: z.string().nullable().describe('Why a failed import stopped; null unless it failed'),
  /** A failed import the queue will run again (retries left); false once it will not be. */
  will_retry: z.boolean().describe('Whether a failed import will be tried again'),
  created_at: timestamp,
});
export type ImportProgress = z.infer<typeof importProgress>;

export const importsShow = defineCall({
  method: 'GET',
  path: 'imports/:id',
  params: idParams,
  response: z.object({ data: importProgress }),
  summary: 'How far a background import has got',
});

export const importsRecent = defineCall({
  method: 'GET',
  path: 'imports',
  query: z.object({ kind: importKind }),
  response: z.object({ data: z.array(importProgress) }),
  summary: 'Imports of pages or forms still running, or finished in the last hour, newest first',
});

/** Every call of this area, under the name the console's `api.imports` gives it. */
export const calls = {
  show: importsShow,
  recent: importsRecent,
};
