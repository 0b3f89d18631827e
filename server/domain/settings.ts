import { eq } from 'drizzle-orm';
import type { SiteSettings } from '@/api/contract/settings';
import type { Db } from '../db/open';
import { settings } from '../db/schema';

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

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SITE));
  return withDefaults((row?.value ?? {}) as Partial<SiteSettings>);
}

/** Replaces the site settings in one statement: concurrent saves never mix two forms. */
export async function saveSiteSettings(db: Db, value: SiteSettings): Promise<SiteSettings> {
  const now = new Date();
  await db
    .insert(settings)
    .values({ key: SITE, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  return withDefaults(value);
}
