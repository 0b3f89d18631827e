import { type Dealership, weekdays } from '@/api/contract/dealerships';

/** One department's opening times with every day blank, for a new row. */
export function emptyOpeningTimes() {
  return {
    department: '',
    days: Object.fromEntries(weekdays.map((day) => [day, ''])),
  };
}

export function emptyTeamMember() {
  return { name: '', content: '', image: [] as string[] };
}

/** A new dealership: not live, one department of opening times to fill in. */
export function newDealershipValues(): Record<string, unknown> {
  return {
    name: '',
    slug: '',
    copy: '',
    live: false,
    brand_id: '',
    vehicles_dealer_id: '',
    banner_img: [],
    dealer_img: [],
    email: '',
    telephone: '',
    address: {
      address_line_1: '',
      address_line_2: '',
      city: '',
      county: '',
      postcode: '',
      lat: '',
      lng: '',
    },
    opening_times: [emptyOpeningTimes()],
    crm_emails: [],
    crm_format: 'adf',
    team: [],
    quotee_uid: '',
    pinnacle_enquiry_id: '',
    pinnacle_used_enquiry_id: '',
  };
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Every library image a dealership holds, as it answered them. */
export function imagesOfDealership(dealership: Dealership) {
  return [...dealership.banner_img, ...dealership.dealer_img, ...dealership.team.flatMap((m) => m.image)];
}

/** A stored dealership as the form's first values (conform reads every value as text). */
export function dealershipValues(dealership: Dealership): Record<string, unknown> {
  return {
    name: dealership.name,
    slug: dealership.slug,
    copy: text(dealership.copy),
    live: dealership.live,
    brand_id: text(dealership.brand_id),
    vehicles_dealer_id: text(dealership.vehicles_dealer_id),
    banner_img: dealership.banner_img.map((image) => String(image.id)),
    dealer_img: dealership.dealer_img.map((image) => String(image.id)),
    email: dealership.email,
    telephone: dealership.telephone,
    address: {
      address_line_1: dealership.address.address_line_1,
      address_line_2: text(dealership.address.address_line_2),
      city: dealership.address.city,
      county: dealership.address.county,
      postcode: dealership.address.postcode,
      lat: text(dealership.address.lat),
      lng: text(dealership.address.lng),
    },
    opening_times: dealership.opening_times.map((times) => ({
      department: times.department,
      days: Object.fromEntries(weekdays.map((day) => [day, text(times.days[day])])),
    })),
    crm_emails: dealership.crm_emails,
    crm_format: dealership.crm_format,
    team: dealership.team.map((member) => ({
      name: member.name,
      content: text(member.content),
      image: member.image.map((image) => String(image.id)),
    })),
    quotee_uid: text(dealership.quotee_uid),
    pinnacle_enquiry_id: dealership.pinnacle_enquiry_id,
    pinnacle_used_enquiry_id: dealership.pinnacle_used_enquiry_id,
    updated_at: dealership.updated_at,
  };
}
