import type { SiteSettings } from '@/api/contract/settings';
import type { Db } from '../open';
import { settings } from '../schema/settings';

/**
 * The demo group's site settings: its name and social pages filled in, so the settings screen of a
 * fresh install shows a working example. Credentials of outside services stay empty: the demo has
 * no accounts with them.
 */
export const DEMO_SITE_SETTINGS: SiteSettings = {
  site_name: 'Northway Motor Group',
  social: {
    facebook: 'https://www.facebook.com/northwaymotorgroup',
    twitter: 'https://x.com/northwaymotors',
    instagram: 'https://www.instagram.com/northwaymotorgroup',
  },
  evolution: { id: null, password: null },
  hpi: { customer_code: null, password: null, initials: null },
  cap: { valuation_margin: 100 },
  voucher: { code: null, value: null },
};

export async function seedSettings(db: Db): Promise<void> {
  await db.insert(settings).values({ key: 'site', value: DEMO_SITE_SETTINGS }).onConflictDoNothing();
}
