import {
  ACTIVITY_ACTIONS,
  ACTIVITY_AREAS,
  isActivityAction,
  isActivityArea,
} from '@/api/contract/activityNames';
import { areas } from '@/shared/areas';
import { Button } from '@/ui/Button';
import { ColumnToggle, type ToggleColumn } from '@/ui/ColumnToggle';
import { DateField } from '@/ui/DateField';
import { Select } from '@/ui/Select';
import styles from './Activity.module.css';
import { type ActivityFilters, hasFilters } from './activityFilters';
import { ACTION_LABELS } from './activityWords';
import type { UserChoice } from './userChoices';

const ANY = 'any';

const areaItems = [
  { id: ANY, name: 'Any' },
  ...ACTIVITY_AREAS.map((area) => ({ id: area, name: areas[area].label })),
];
const actionItems = [
  { id: ANY, name: 'Any' },
  ...ACTIVITY_ACTIONS.map((action) => ({ id: action, name: ACTION_LABELS[action] })),
];

export interface ActivityFilterBarProps {
  filters: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
  /** Puts every filter back to any (and focus on the first filter, as the button goes). */
  onClear: () => void;
  /** The users to choose from, or null while they load. */
  users: readonly UserChoice[] | null;
  /** The server's message per filter ('to': the end date before the start). */
  errors: Partial<Record<keyof ActivityFilters, string>>;
  columns: readonly ToggleColumn[];
  onColumnsChange: (hiddenIds: string[]) => void;
}

/**
 * The log's filters: who, which area, which action, and from and to which day. Each choice is
 * applied at once; 'Clear filters' puts every one back to any.
 */
export function ActivityFilterBar({
  filters,
  onChange,
  onClear,
  users,
  errors,
  columns,
  onColumnsChange,
}: ActivityFilterBarProps) {
  const chosenUser = filters.user;
  const userItems = [
    { id: ANY, name: 'Anyone' },
    ...(users ?? []),
    // A user the list does not hold (still loading, or gone for good) still reads as chosen.
    ...(chosenUser !== undefined && !users?.some((u) => u.id === chosenUser)
      ? [{ id: chosenUser, name: users ? `User #${chosenUser}` : 'Loading…' }]
      : []),
  ];
  const set = (change: ActivityFilters) => onChange({ ...filters, ...change });

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark without a form to submit: each filter applies at once. */}
      <div className={styles.filters} role="search" aria-label="Filter activity">
        <Select<string | number>
          label="User"
          className={styles.user}
          items={userItems}
          selectedKey={chosenUser ?? ANY}
          errorMessage={errors.user}
          onSelectionChange={(key) => set({ user: typeof key === 'number' ? key : undefined })}
        />
        <Select<string>
          label="Area"
          className={styles.choice}
          items={areaItems}
          selectedKey={filters.area ?? ANY}
          errorMessage={errors.area}
          onSelectionChange={(key) => set({ area: isActivityArea(key) ? key : undefined })}
        />
        <Select<string>
          label="Action"
          className={styles.choice}
          items={actionItems}
          selectedKey={filters.action ?? ANY}
          errorMessage={errors.action}
          onSelectionChange={(key) => set({ action: isActivityAction(key) ? key : undefined })}
        />
        <DateField
          label="From"
          className={styles.day}
          value={filters.from ?? ''}
          max={filters.to}
          errorMessage={errors.from}
          onChange={(value) => set({ from: value || undefined })}
        />
        <DateField
          label="To"
          className={styles.day}
          value={filters.to ?? ''}
          min={filters.from}
          errorMessage={errors.to}
          onChange={(value) => set({ to: value || undefined })}
        />
      </div>
      <div className={styles.tableBar}>
        {hasFilters(filters) ? (
          <Button variant="ghost" icon="close" onPress={onClear}>
            Clear filters
          </Button>
        ) : null}
        <ColumnToggle columns={columns} onChange={onColumnsChange} />
      </div>
    </>
  );
}
