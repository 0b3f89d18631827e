import { useState } from 'react';
import type { Option } from '@/api/contract/common';
import { Checkbox } from '../Checkbox';
import styles from './ScopeField.module.css';

interface ScopeFieldProps {
  /**
   * The field's form name ('scope'): posts `scope.brand_ids` and `scope.dealership_ids`; '' posts
   * `brand_ids` and `dealership_ids` at the top of the form.
   */
  name: string;
  /** What the whole group means here ('Whole group'). */
  wholeLabel?: string;
  defaultValue: { brand_ids: number[]; dealership_ids: number[] };
  brands: Option[];
  dealerships: Option[];
  errors: string[];
  onChange: () => void;
}

/**
 * Where a user may act: the whole group, or chosen brands (each with its dealerships) and
 * dealerships. A hidden empty entry under each name makes the scope present even when nothing is
 * chosen, which is the whole group.
 */
export function ScopeField({
  name,
  defaultValue,
  brands,
  dealerships,
  errors,
  onChange,
  wholeLabel = 'Whole group',
}: ScopeFieldProps) {
  const named = (key: string) => (name ? `${name}.${key}` : key);
  const [chosen, setChosen] = useState(
    defaultValue.brand_ids.length + defaultValue.dealership_ids.length > 0,
  );
  const [picked, setPicked] = useState(defaultValue);
  const toggle = (key: 'brand_ids' | 'dealership_ids', id: number, on: boolean) => {
    setPicked((now) => ({ ...now, [key]: on ? [...now[key], id] : now[key].filter((x) => x !== id) }));
    onChange();
  };
  const group = (key: 'brand_ids' | 'dealership_ids', legend: string, options: Option[]) => (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      <div className={styles.choices}>
        {options.map((option) => (
          <Checkbox
            key={option.id}
            name={named(key)}
            value={String(option.id)}
            isSelected={picked[key].includes(option.id)}
            onChange={(on) => toggle(key, option.id, on)}
          >
            {option.name}
          </Checkbox>
        ))}
      </div>
    </fieldset>
  );
  return (
    <fieldset className={styles.scope}>
      <legend>Scope</legend>
      <input type="hidden" name={named('brand_ids')} value="" />
      <input type="hidden" name={named('dealership_ids')} value="" />
      <label>
        <input
          type="radio"
          name={`${name || 'scope'}-mode`}
          checked={!chosen}
          onChange={() => {
            setChosen(false);
            setPicked({ brand_ids: [], dealership_ids: [] });
            onChange();
          }}
        />{' '}
        {wholeLabel}
      </label>
      <label>
        <input
          type="radio"
          name={`${name || 'scope'}-mode`}
          checked={chosen}
          onChange={() => setChosen(true)}
        />{' '}
        Chosen brands and dealerships
      </label>
      {chosen ? (
        <>
          {group('brand_ids', 'Brands', brands)}
          {group('dealership_ids', 'Dealerships', dealerships)}
        </>
      ) : null}
      {errors.map((error) => (
        <p key={error} className={styles.error} role="alert">
          {error}
        </p>
      ))}
    </fieldset>
  );
}
