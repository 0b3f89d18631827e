import type { CallName } from '@/api/callAccess';
import type { Option } from '@/api/contract/common';
import { api } from '@/api/endpoints';
import { useMayCall } from '@/machines/session';
import { useLoad } from '@/ui/useLoad';

export interface AccessChoices {
  /** Every role, marked when the signed-in user may give it (the users list filters by any). */
  roles: (Option & { assignable: boolean })[];
  brands: Option[];
  dealerships: (Option & { brand_id: number | null })[];
}

/** A list the signed-in user may not read offers nothing, and is not asked for: it would answer 403. */
const when = async <T>(allowed: boolean, load: () => Promise<T[]>): Promise<T[]> => (allowed ? load() : []);

async function loadChoices(may: (name: CallName) => boolean): Promise<AccessChoices> {
  const [roles, brands, dealerships] = await Promise.all([
    when(may('roles.options'), () => api.roles.options({}).then((r) => r.data)),
    when(may('brands.options'), () =>
      api.brands.options({}).then((r) => r.data.map(({ id, name }) => ({ id, name }))),
    ),
    when(may('dealerships.list'), () =>
      api.dealerships
        .list({ query: { perPage: -1 } })
        .then((r) => r.dealerships.data.map(({ id, name, brand_id }) => ({ id, name, brand_id }))),
    ),
  ]);
  return { roles, brands, dealerships };
}

/** The roles, brands and dealerships the user form and the users list's filters offer, loaded once. */
export function useAccessChoices() {
  const may = useMayCall();
  return useLoad(() => loadChoices(may), 'access-choices');
}

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
