import type { Option } from '@/api/contract/common';
import type { dealershipUpdateSchema } from '@/api/contract/dealerships';
import type { SaveForm } from '@/ui/forms/useSaveForm';

/**
 * Add and edit share one schema (updated_at is optional), so the tabs are typed once. The create
 * call's schema drops updated_at, which is never set on a new dealership anyway.
 */
export type DealershipFlow = SaveForm<typeof dealershipUpdateSchema>;
export type DealershipFields = DealershipFlow['fields'];
export type DealershipFormMeta = DealershipFlow['form'];

export const tabIds = ['general', 'imagery', 'contact', 'team', 'pinnacle'] as const;
export type DealershipTab = (typeof tabIds)[number];

export const tabLabels: Record<DealershipTab, string> = {
  general: 'General',
  imagery: 'Imagery',
  contact: 'Contact Details',
  team: 'Team',
  pinnacle: 'Pinnacle',
};

/** Which tab shows each field of the form, by the first part of its name. */
const tabOfField: Record<string, DealershipTab> = {
  name: 'general',
  slug: 'general',
  copy: 'general',
  live: 'general',
  published_at: 'general',
  brand_id: 'general',
  vehicles_dealer_id: 'general',
  banner_img: 'imagery',
  dealer_img: 'imagery',
  email: 'contact',
  telephone: 'contact',
  address: 'contact',
  opening_times: 'contact',
  crm_emails: 'contact',
  crm_format: 'contact',
  team: 'team',
  quotee_uid: 'pinnacle',
  pinnacle_enquiry_id: 'pinnacle',
  pinnacle_used_enquiry_id: 'pinnacle',
};

/** The tabs holding a field with an error; `errors` is keyed by conform names (`team[0].name`). */
export function tabsWithErrors(errors: Record<string, string[] | undefined>): Set<DealershipTab> {
  const tabs = new Set<DealershipTab>();
  for (const [name, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    const tab = tabOfField[name.split(/[.[]/)[0] ?? ''];
    if (tab) tabs.add(tab);
  }
  return tabs;
}

/** A field's own first error, or else one of its parts' (`banner_img[0]`, `team[1].image[0]`). */
export function errorsWithin(meta: {
  errors?: string[];
  allErrors: Record<string, string[]>;
}): string[] | undefined {
  if (meta.errors?.length) return meta.errors;
  return Object.values(meta.allErrors).find((messages) => messages.length > 0);
}

/** The choices of the General tab's selects. */
export interface DealershipOptions {
  brands: Option[];
  /** Whether 'None' is a brand the user may choose (see loadDealershipOptions). */
  brandNone: boolean;
  vehicleDealers: Option[];
}
