import { z } from 'zod';
import { idParams } from './common';
import { defineCall } from './define';

/** A background export as the console follows it (a progress bar while it runs). */
export const exportProgress = z.object({
  id: z.number().int(),
  kind: z.enum(['vehicles', 'responses']),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  rows_done: z.number().int(),
  /** Unknown until the job has counted what it will export. */
  rows_total: z.number().int().nullable(),
  mailed: z.boolean(),
});
export type ExportProgress = z.infer<typeof exportProgress>;

/** Answer of a call that queued an export: the message for the user and the export to follow. */
export const exportQueued = z.object({ message: z.string(), export_id: z.number().int().optional() });

export const exportsShow = defineCall({
  method: 'GET',
  path: 'exports/:id',
  params: idParams,
  response: z.object({ data: exportProgress }),
  summary: 'How far a background export has got',
});

/** Every call of this area, under the name the console's `api.exports` gives it. */
export const calls = {
  show: exportsShow,
};
