import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandCreateSchema, brandUpdateSchema } from '@/api/contract/brands';
import { dealershipUpdateSchema } from '@/api/contract/dealerships';
import { userCreateSchema, userUpdateSchema } from '@/api/contract/users';
import { formConstraint } from './constraint';

/** The required marker of each named field, as the form shows it. */
function markers(schema: z.ZodObject, names: string[]): Record<string, boolean | undefined> {
  const constraint = formConstraint(schema);
  return Object.fromEntries(names.map((name) => [name, constraint[name]?.required]));
}

describe('required markers come from the schema', () => {
  it('marks a new user’s name, e-mail and password, and nothing else', () => {
    expect(
      markers(userCreateSchema, ['name', 'email', 'telephone', 'job_title', 'password', 'avatar']),
    ).toEqual({
      name: true,
      email: true,
      telephone: false,
      job_title: false,
      password: true,
      avatar: false,
    });
  });

  it('leaves the password unmarked when editing a user (blank keeps the current one)', () => {
    expect(markers(userUpdateSchema, ['name', 'password', 'avatar', 'updated_at'])).toEqual({
      name: true,
      password: false,
      avatar: false,
      updated_at: false,
    });
  });

  it('marks a brand’s name and slug; its flags, makes and logo may stay blank', () => {
    for (const schema of [brandCreateSchema, brandUpdateSchema]) {
      expect(
        markers(schema, [
          'name',
          'slug',
          'live',
          'is_fake',
          'manufacturer_id',
          'lcv_manufacturer_id',
          'logo',
        ]),
      ).toEqual({
        name: true,
        slug: true,
        live: false,
        is_fake: false,
        manufacturer_id: false,
        lcv_manufacturer_id: false,
        logo: false,
      });
    }
  });

  it('marks the dealership fields spec §5 requires, down into the address and the lists', () => {
    expect(
      markers(dealershipUpdateSchema, [
        'name',
        'slug',
        'copy',
        'live',
        'brand_id',
        'vehicles_dealer_id',
        'published_at',
        'banner_img',
        'dealer_img',
        'email',
        'telephone',
        'address.address_line_1',
        'address.address_line_2',
        'address.city',
        'address.county',
        'address.postcode',
        'address.lat',
        'address.lng',
        'opening_times',
        'opening_times[0].department',
        'opening_times[3].days.monday',
        'team',
        'team[1].name',
        'team[1].content',
        'team[1].image',
        'quotee_uid',
        'pinnacle_enquiry_id',
        'pinnacle_used_enquiry_id',
      ]),
    ).toEqual({
      name: true,
      slug: true,
      copy: false,
      live: false,
      brand_id: false,
      vehicles_dealer_id: false,
      published_at: false,
      banner_img: false,
      dealer_img: false,
      email: true,
      telephone: true,
      'address.address_line_1': true,
      'address.address_line_2': false,
      'address.city': true,
      'address.county': true,
      'address.postcode': true,
      'address.lat': true,
      'address.lng': true,
      opening_times: true,
      'opening_times[0].department': true,
      'opening_times[3].days.monday': false,
      team: false,
      'team[1].name': true,
      'team[1].content': false,
      'team[1].image': false,
      quotee_uid: false,
      pinnacle_enquiry_id: true,
      pinnacle_used_enquiry_id: true,
    });
  });

  it('keeps conform’s other constraints, such as a list taking several values', () => {
    expect(formConstraint(dealershipUpdateSchema).team?.multiple).toBe(true);
  });

  it('reads a field that takes a blank as optional whatever wraps it', () => {
    const schema = z.object({
      piped: z
        .string()
        .nullish()
        .transform((v) => v || null)
        .pipe(z.string().min(3).nullable()),
      defaulted: z.string().default('x'),
      refused: z.string().min(1),
      group: z.object({ inner: z.number() }).prefault({ inner: 1 }),
    });
    expect(markers(schema, ['piped', 'defaulted', 'refused', 'group', 'group.inner'])).toEqual({
      piped: false,
      defaulted: false,
      refused: true,
      group: false,
      'group.inner': true,
    });
  });
});
