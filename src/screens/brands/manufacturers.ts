import type { Manufacturer } from '@/api/contract/brands';
import { api } from '@/api/endpoints';
import { choice, type FieldViews, yesNo } from '@/shared/history/fieldViews';
import { useLoad } from '@/ui/useLoad';

export interface Makers {
  car: Manufacturer[];
  lcv: Manufacturer[];
}

async function loadManufacturers(): Promise<Makers> {
  const [car, lcv] = await Promise.all([
    api.brands.manufacturers({ query: { type: 'Car' } }),
    api.brands.manufacturers({ query: { type: 'LCV' } }),
  ]);
  return { car: car.data, lcv: lcv.data };
}

/** The car and LCV makes a brand can name, loaded once for the form and its History. */
export const useManufacturers = () => useLoad(loadManufacturers, 'manufacturers');
export type MakersLoad = ReturnType<typeof useManufacturers>;

/** 'None' is code 0 (spec §5): picking a name sets its code, picking none sets 0. */
export const NO_MAKER = { id: 0, name: 'None' };

/** A type of makes as the select offers them: None, then each make by name, posting its code. */
export const makerChoices = (makers: readonly Manufacturer[] | null | undefined) => [
  NO_MAKER,
  ...(makers ?? []).map((maker) => ({ id: maker.code, name: maker.name })),
];

/** The brand form's fields as it shows them, for the History panel: makes by name, flags as Yes/No. */
export function brandViews(makers: Makers | null): FieldViews {
  return {
    name: { label: 'Name' },
    slug: { label: 'Slug' },
    manufacturer_id: { label: 'Manufacturer', format: choice(makerChoices(makers?.car)) },
    lcv_manufacturer_id: { label: 'LCV manufacturer', format: choice(makerChoices(makers?.lcv)) },
    live: { label: 'Live', format: yesNo },
    is_fake: { label: 'Fake brand', format: yesNo },
    logo: { label: 'Logo' },
  };
}
