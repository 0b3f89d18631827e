import { choice, type FieldViews, yesNo } from '@/shared/history/fieldViews';
import type { DealershipOptions } from './form';

/** 'None' clears a choice; the API reads 0 as no brand or dealer. */
export const NO_CHOICE = { id: 0, name: 'None' };

/**
 * The dealership form's fields as its tabs label them, for the History panel: the brand and the
 * stock-feed dealer by the names their selects show, live as Yes or No.
 */
export function dealershipViews(options: DealershipOptions): FieldViews {
  return {
    name: { label: 'Name' },
    slug: { label: 'Slug' },
    brand_id: { label: 'Brand', format: choice([NO_CHOICE, ...options.brands]) },
    vehicles_dealer_id: {
      label: 'Vehicles dealer',
      format: choice([NO_CHOICE, ...options.vehicleDealers]),
    },
    live: { label: 'Live', format: yesNo },
    copy: { label: 'Copy' },
    banner_img: { label: 'Banner image' },
    dealer_img: { label: 'Dealer image' },
    email: { label: 'Email' },
    telephone: { label: 'Telephone' },
    address: { label: 'Address' },
    'address.lat': { label: 'Address › Latitude' },
    'address.lng': { label: 'Address › Longitude' },
    opening_times: { label: 'Opening times' },
    'opening_times.*': { label: 'Opening times › Department {n}' },
    'opening_times.*.days': { label: 'Opening times › Department {n}' },
    team: { label: 'Team' },
    'team.*': { label: 'Team member {n}' },
    quotee_uid: { label: 'Quotee UID' },
    pinnacle_enquiry_id: { label: 'Pinnacle enquiry ID' },
    pinnacle_used_enquiry_id: { label: 'Pinnacle used enquiry ID' },
  };
}
