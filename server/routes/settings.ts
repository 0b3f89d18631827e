import type { FastifyInstance } from 'fastify';
import { settingsShow, settingsUpdate, settingsValidation } from '@/api/contract/settings';
import { vehiclesExport } from '@/api/contract/vehicles';
import type { Db } from '../db/open';
import { type ExportJobData, queueExport } from '../domain/exports';
import { readSiteSettings, saveSiteSettings } from '../domain/settings';
import { registerCall } from '../http/route';

export const SETTINGS_SAVED = 'You have updated your settings.';
/** What the console shows once an export is queued: the address it goes to may be someone else's. */
export const exportQueued = (email: string) =>
  `Your export is running in the background and will be e-mailed to ${email} when it is ready. You can leave this page.`;

export function settingsRoutes(
  app: FastifyInstance,
  opts: { db: Db; enqueueExport: (data: ExportJobData, within: Db) => Promise<string> },
) {
  const { db } = opts;

  registerCall(app, settingsShow, async () => ({ data: await readSiteSettings(db) }));

  registerCall(app, settingsValidation, async () => ({ valid: true as const }));

  registerCall(app, settingsUpdate, async ({ body: { updated_at, ...value } }) => ({
    message: SETTINGS_SAVED,
    data: await saveSiteSettings(db, value, updated_at),
  }));

  registerCall(app, vehiclesExport, async ({ body, user }) => {
    const id = await queueExport(db, opts.enqueueExport, {
      kind: 'vehicles',
      name: 'vehicles',
      email: body.email,
      userId: user.id,
    });
    return { message: exportQueued(body.email), export_id: id };
  });
}
