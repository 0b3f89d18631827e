import { eq } from 'drizzle-orm';
import type { LoadedSiteSettings, SiteSettings } from '@/api/contract/settings';
import type { Db } from '../db/open';
import { settings } from '../db/schema/settings';
import { recordRevision } from './history/record';
import { type RecordMessages, type RecordTable, saveVersioned } from './records';
import { transaction } from './transaction';

const SITE = 'site';

/** What a site that was never set up answers: empty credentials and the full valuation margin. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  site_name: '',
  social: { facebook: null, twitter: null, instagram: null },
  evolution: { id: null, password: null },
  hpi: { customer_code: null, password: null, initials: null },
  cap: { valuation_margin: 100 },
  voucher: { code: null, value: null },
};

/** Stored settings over the defaults, group by group, so a group added later still answers whole. */
function withDefaults(stored: Partial<SiteSettings>): SiteSettings {
  const d = DEFAULT_SITE_SETTINGS;
  return {
    site_name: stored.site_name ?? d.site_name,
    social: { ...d.social, ...stored.social },
    evolution: { ...d.evolution, ...stored.evolution },
    hpi: { ...d.hpi, ...stored.hpi },
    cap: { ...d.cap, ...stored.cap },
    voucher: { ...d.voucher, ...stored.voucher },
  };
}

/** The version settings that were never saved have: the row a first save updates is made with it. */
const NEVER_SAVED = new Date(0);

const settingsTable: RecordTable = { table: settings, id: settings.key, updatedAt: settings.updatedAt };

const messages: RecordMessages = {
  notFound: 'The settings could not be found.',
  conflict: 'Someone else changed the settings since you opened them. Reload to see their changes.',
};

type SettingsRow = typeof settings.$inferSelect;

const loaded = (row: Pick<SettingsRow, 'value' | 'updatedAt'> | undefined): LoadedSiteSettings => ({
  ...withDefaults((row?.value ?? {}) as Partial<SiteSettings>),
  updated_at: row && row.updatedAt.getTime() !== NEVER_SAVED.getTime() ? row.updatedAt.toISOString() : null,
});

async function findRow(db: Db, key: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row ?? null;
}

export async function readSiteSettings(db: Db): Promise<LoadedSiteSettings> {
  return loaded((await findRow(db, SITE)) ?? undefined);
}

/**
 * Replaces the site settings in one statement, so concurrent saves never mix two forms; a save
 * from a form loaded before the last save gets 409 (`loadedAt` null: loaded before any save).
 */
export async function saveSiteSettings(
  db: Db,
  value: SiteSettings,
  loadedAt: string | null | undefined,
): Promise<LoadedSiteSettings> {
  return transaction(db, async (tx) => {
    // Settings never saved have a row too, so a first save is an update guarded like any other.
    await tx.insert(settings).values({ key: SITE, value: {}, updatedAt: NEVER_SAVED }).onConflictDoNothing();
    const saved = await saveVersioned(tx, settingsTable, {
      id: SITE,
      loadedAt: loadedAt === null ? NEVER_SAVED.toISOString() : loadedAt,
      find: (key) => findRow(tx, key),
      values: () => ({ value }),
      messages,
      inTransaction: true,
    });
    await recordRevision(tx, 'settings', 'updated', null);
    return loaded({ value, updatedAt: saved.updatedAt });
  });
}

/** A stored settings row (a revision's) as the settings call answers it. */
export function loadedSettings(row: Pick<SettingsRow, 'value' | 'updatedAt'>): LoadedSiteSettings {
  return loaded(row);
}
