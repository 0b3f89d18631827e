import type { dealerships } from '@server/db/schema/dealerships';

/**
 * A live dealership in Leeds, as a row to insert straight into the database: every column a
 * dealership must have, and whatever the caller adds or changes (its name, slug, brand, CRM).
 */
export function dealershipRow(
  values: Pick<typeof dealerships.$inferInsert, 'name' | 'slug'> & Partial<typeof dealerships.$inferInsert>,
): typeof dealerships.$inferInsert {
  return {
    email: `${values.slug}@northway.example.co.uk`,
    telephone: '0113 496 0000',
    address: {
      address_line_1: '1 Kirkstall Road',
      address_line_2: null,
      city: 'Leeds',
      postcode: 'LS3 1AA',
      county: 'West Yorkshire',
      lat: 53.8,
      lng: -1.56,
    },
    pinnacleEnquiryId: 'P1',
    pinnacleUsedEnquiryId: 'P2',
    publishedAt: new Date(),
    ...values,
  };
}
