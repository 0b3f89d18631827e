import type { Option } from '@/api/contract/common';
import { api } from '@/api/endpoints';
import { useLoad } from '@/ui/useLoad';

export interface AccessChoices {
  roles: Option[];
  brands: Option[];
  dealerships: (Option & { brand_id: number | null })[];
}

/** A list the signed-in user may not read (no dealerships.view) offers nothing rather than failing the form. */
const orNone = async <T>(load: Promise<T[]>): Promise<T[]> => load.catch(() => []);

async function loadChoices(): Promise<AccessChoices> {
  const [roles, brands, dealerships] = await Promise.all([
    orNone(api.roles.options({}).then((r) => r.data)),
    orNone(api.brands.options({}).then((r) => r.data.map(({ id, name }) => ({ id, name })))),
    orNone(
      api.dealerships
        .list({ query: { perPage: -1 } })
        .then((r) => r.dealerships.data.map(({ id, name, brand_id }) => ({ id, name, brand_id }))),
    ),
  ]);
  return { roles, brands, dealerships };
}

/** The roles, brands and dealerships the user form and the users list's filters offer, loaded once. */
export const useAccessChoices = () => useLoad(loadChoices, 'access-choices');

/** A user's scope in words: 'Whole group', or the names of their brands and dealerships. */
export function scopeText(
  scope: { brand_ids: number[]; dealership_ids: number[] },
  choices: AccessChoices | null,
): string {
  if (scope.brand_ids.length === 0 && scope.dealership_ids.length === 0) return 'Whole group';
  const name = (list: Option[] | undefined, id: number) => list?.find((o) => o.id === id)?.name ?? `#${id}`;
  return [
    ...scope.brand_ids.map((id) => name(choices?.brands, id)),
    ...scope.dealership_ids.map((id) => name(choices?.dealerships, id)),
  ].join(', ');
}
