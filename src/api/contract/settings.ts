import { z } from 'zod';
import { fieldGroup, numeric, optionalText, requiredText, timestamp, validationPassed } from './common';
import { defineCall } from './define';
import { historyCalls } from './history';

/** A page address on a social network, or nothing; blank is stored as null. */
const socialUrl = z
  .string()
  .trim()
  .max(500, 'Use at most 500 characters.')
  .nullish()
  .transform((v) => v || null)
  .pipe(
    z
      .url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: 'Enter a full web address, starting with https://.',
      })
      .nullable(),
  );

/**
 * The site settings form (spec §3 Site settings). Groups nest, so a field error's path is
 * ['social', 'facebook'], sent as `social.facebook`.
 */
export const siteSettingsFields = z.object({
  site_name: requiredText('Enter a site name.'),
  social: fieldGroup(z.object({ facebook: socialUrl, twitter: socialUrl, instagram: socialUrl })),
  /** The finance provider's credentials: `id` is the username, `password` is labelled QuoteeUID. */
  evolution: fieldGroup(z.object({ id: optionalText(255), password: optionalText(255) })),
  /** The vehicle history check service's credentials. */
  hpi: fieldGroup(
    z.object({ customer_code: optionalText(100), password: optionalText(255), initials: optionalText(10) }),
  ),
  cap: fieldGroup(
    z.object({
      /** Percentage deducted from valuations. */
      valuation_margin: numeric(
        z
          .number('Enter a percentage, for example 10.')
          .min(0, 'Enter a percentage between 0 and 100.')
          .max(100, 'Enter a percentage between 0 and 100.')
          .default(100),
      ),
    }),
  ),
  voucher: fieldGroup(
    z.object({
      /** The code needed to use the voucher. */
      code: optionalText(100),
      /** The price of the voucher, in pounds. */
      value: numeric(
        z
          .number('Enter a price, for example 99.')
          .min(0, 'Enter a price of 0 or more.')
          .max(100_000, 'Enter a price of at most 100,000.')
          .optional(),
      ).transform((v) => v ?? null),
    }),
  ),
});
export type SiteSettingsInput = z.input<typeof siteSettingsFields>;

/** The settings as the server answers them: the form's output, without its one-way transforms. */
export const siteSettings = z.object({
  site_name: z.string(),
  social: z.object({
    facebook: z.string().nullable(),
    twitter: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
  evolution: z.object({ id: z.string().nullable(), password: z.string().nullable() }),
  hpi: z.object({
    customer_code: z.string().nullable(),
    password: z.string().nullable(),
    initials: z.string().nullable(),
  }),
  cap: z.object({ valuation_margin: z.number() }),
  voucher: z.object({ code: z.string().nullable(), value: z.number().nullable() }),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/**
 * The settings as the settings screen loads them: with the `updated_at` of the last save, which
 * the screen carries back so that a save over someone else's newer one gets 409. Null when they
 * were never saved.
 */
export const loadedSiteSettings = siteSettings.extend({ updated_at: timestamp.nullable() });
export type LoadedSiteSettings = z.infer<typeof loadedSiteSettings>;

/** A save carries the `updated_at` its form loaded (null: loaded before any save). */
export const siteSettingsUpdate = siteSettingsFields.extend({ updated_at: timestamp.nullish() });
/** Parsed form values have the same shape as the settings the server answers. */
export type SiteSettingsValues = z.output<typeof siteSettingsFields>;

export const settingsShow = defineCall({
  method: 'GET',
  path: 'settings',
  response: z.object({ data: loadedSiteSettings }),
  summary: 'The site settings',
});

export const settingsValidation = defineCall({
  method: 'POST',
  path: 'settings/validation',
  body: siteSettingsFields,
  response: validationPassed,
  summary: 'Checks the site settings without saving',
});

export const settingsUpdate = defineCall({
  method: 'POST',
  path: 'settings/update',
  body: siteSettingsUpdate,
  response: z.object({ message: z.string(), data: loadedSiteSettings }),
  summary: 'Saves the site settings; the message goes to the toast; a stale updated_at gets 409',
});

/** Every call of this area, under the name the console's `api.settings` gives it. */
/** The revisions of one record: `settings/history` and `settings/history/show`. */
export const { history: settingsHistory, historyShow: settingsHistoryShow } = historyCalls(
  'settings',
  loadedSiteSettings,
);

export const calls = {
  history: settingsHistory,
  historyShow: settingsHistoryShow,
  show: settingsShow,
  validate: settingsValidation,
  update: settingsUpdate,
};
