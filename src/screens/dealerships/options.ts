import type { Dealership } from '@/api/contract/dealerships';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { toast } from '@/ui/toasts';
import type { DealershipOptions } from './form';

/**
 * Every brand and stock-feed dealer for the selects (perPage=-1). A failure is toasted and leaves a
 * select empty rather than the form unusable: the rest of the dealership can still be edited.
 */
export async function loadDealershipOptions(): Promise<DealershipOptions> {
  const [brands, vehicleDealers] = await Promise.all([
    api.brands.list({ query: { perPage: -1 } }).then(
      ({ brands: page }) => page.data.map((brand) => ({ id: brand.id, name: brand.name })),
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
  return { brands, vehicleDealers };
}

/**
 * The options with the dealership's own brand added when the list lacks it (it is in the bin):
 * the select must still show what the dealership has.
 */
export function withOwnBrand(options: DealershipOptions, dealership: Dealership): DealershipOptions {
  const own = dealership.brand;
  if (!own || options.brands.some((brand) => brand.id === own.id)) return options;
  return {
    ...options,
    brands: [...options.brands, { id: own.id, name: own.name }],
  };
}
