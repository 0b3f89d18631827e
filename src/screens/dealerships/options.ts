import type { Dealership } from '@/api/contract/dealerships';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { toast } from '@/ui/toasts';
import type { DealershipOptions } from './form';

/**
 * The brands and stock-feed dealers for the selects. The brands come from their lookup, which every
 * signed-in user may call and which holds the brands of the user's scope: the brands a dealership may
 * be put under (the brands list would refuse a role that may not view brands). A group-wide user may
 * also leave a dealership without a brand; a scoped one keeps it within their brands, as the server
 * does. A failure is toasted and leaves a select empty rather than the form unusable: the rest of the
 * dealership can still be edited.
 */
export async function loadDealershipOptions(groupWide: boolean): Promise<DealershipOptions> {
  const [brands, vehicleDealers] = await Promise.all([
    api.brands.options({}).then(
      ({ data }) => data.map((brand) => ({ id: brand.id, name: brand.name })),
      (error: unknown) => {
        toast.error(describeFailure(error).message);
        return [];
      },
    ),
    api.dealerships.vehicleDealers({ query: { perPage: -1 } }).then(
      ({ data }) => data,
      (error: unknown) => {
        toast.error(describeFailure(error).message);
        return [];
      },
    ),
  ]);
  return { brands, brandNone: groupWide, vehicleDealers };
}

/**
 * The options with the dealership's own brand added when the lookup lacks it (it is in the bin, or
 * outside a dealership manager's brands): the select must still show what the dealership has, and
 * keeping it is always allowed. So is keeping no brand.
 */
export function withOwnBrand(options: DealershipOptions, dealership: Dealership): DealershipOptions {
  const own = dealership.brand;
  if (!own) return { ...options, brandNone: true };
  if (options.brands.some((brand) => brand.id === own.id)) return options;
  return {
    ...options,
    brands: [...options.brands, { id: own.id, name: own.name }],
  };
}
