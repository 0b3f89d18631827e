import type { Option } from '@/api/contract/common';
import type { AccessChoices } from '@/ui/access/accessChoices';
import { Select } from '@/ui/Select';
import styles from './UsersFilters.module.css';

/** The users list's filters: 0 is any. */
export interface UserFilterValues {
  role_id: number;
  brand_id: number;
  dealership_id: number;
}

export const noFilters: UserFilterValues = { role_id: 0, brand_id: 0, dealership_id: 0 };

const any = (label: string, options: Option[] | undefined) => [{ id: 0, name: label }, ...(options ?? [])];

/** Filters the users list by role, brand and dealership. */
export function UsersFilters({
  value,
  onChange,
  choices,
}: {
  value: UserFilterValues;
  onChange: (value: UserFilterValues) => void;
  choices: AccessChoices | null;
}) {
  const select = (
    key: keyof UserFilterValues,
    label: string,
    options: Option[] | undefined,
    anyLabel: string,
  ) => (
    <Select<number>
      label={label}
      items={any(anyLabel, options)}
      selectedKey={value[key]}
      onSelectionChange={(id) => onChange({ ...value, [key]: id ?? 0 })}
    />
  );
  return (
    <div className={styles.filters}>
      {select('role_id', 'Role', choices?.roles, 'Any role')}
      {select('brand_id', 'Brand', choices?.brands, 'Any brand')}
      {select('dealership_id', 'Dealership', choices?.dealerships, 'Any dealership')}
    </div>
  );
}

/** The filters as the list call's query has them: those set, none for any. */
export function filterQuery(value: UserFilterValues) {
  return Object.fromEntries(Object.entries(value).filter(([, id]) => id > 0)) as Partial<UserFilterValues>;
}
