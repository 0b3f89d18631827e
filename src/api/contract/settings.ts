import { z } from 'zod';
import {
  fieldGroup,
  numeric,
  optionalText,
  type Presence,
  requiredText,
  timestamp,
  validationPassed,
} from './common';
import { defineCall } from './define';
import { historyCalls } from './history';

/** A page address on a social network, or nothing; blank is stored as null. */
function socialUrl(presence: Presence) {
  const text = z.string().trim().max(500, 'Use at most 500 characters.');
  return (presence === 'given' ? text.nullable() : text.nullish())
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
}

/**
 * The site settings (spec §3 Site settings). Groups nest, so a field error's path is
 * ['social', 'facebook'], sent as `social.facebook`. The form may leave blank fields out; the
 * calls that check and save them take the whole settings, each field given (blank as null or ''),
 * for a save replaces them all and a field left out would be wiped.
 */
function settingsFields(presence: Presence) {
  const text = (max: number) => optionalText(max, presence);
  const url = socialUrl(presence);
  return z.object({
    site_name: requiredText('Enter a site name.'),
    social: fieldGroup(z.object({ facebook: url, twitter: url, instagram: url }), presence),
    /** The finance provider's credentials: `id` is the username, `password` is labelled QuoteeUID. */
    evolution: fieldGroup(z.object({ id: text(255), password: text(255) }), presence),
    /** The vehicle history check service's credentials. */
    hpi: fieldGroup(
      z.object({ customer_code: text(100), password: text(255), initials: text(10) }),
      presence,
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
          presence,
        ),
      }),
      presence,
    ),
    voucher: fieldGroup(
      z.object({
        /** The code needed to use the voucher. */
        code: text(100),
        /** The price of the voucher, in pounds. */
        value: numeric(
          z
            .number('Enter a price, for example 99.')
            .min(0, 'Enter a price of 0 or more.')
            .max(100_000, 'Enter a price of at most 100,000.')
            .optional(),
          presence,
        ).transform((v) => v ?? null),
      }),
      presence,
    ),
  });
}

/** The settings form: a blank field may be left out. */
export const siteSettingsFields = settingsFields('optional');
/** The settings as the validation and update calls take them: every field given. */
export const siteSettingsBody = settingsFields('given');
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
export const siteSettingsUpdate = siteSettingsBody.extend({ updated_at: timestamp.nullish() });
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
  body: siteSettingsBody,
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
