import { useState } from 'react';
import type { Option } from '@/api/contract/common';
import { useScope } from '@/machines/session';
import { isGroupWide, type Scope, scopeWithin } from '@/shared/access';
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
  defaultValue: Scope;
  brands: Option[];
  dealerships: (Option & { brand_id: number | null })[];
  errors: string[];
  onChange: () => void;
  /** While the brands and dealerships load: the chosen ones are kept (hidden) until they are offered. */
  loading?: boolean;
}

/**
 * What a scope field opens with for the signed-in user: the given scope, or, where that is the
 * whole group and they may not give it, their own. A form passes it as the field's first value too,
 * so leaving the field as it opened loses nothing.
 */
export function useStartingScope(given: Scope): Scope {
  const own = useScope();
  return isGroupWide(own) || !isGroupWide(given) ? given : own;
}

/**
 * Where a user may act: the whole group, or chosen brands (each with its dealerships) and
 * dealerships. A hidden empty entry under each name makes the scope present even when nothing is
 * chosen, which is the whole group; unless "Chosen brands and dealerships" is picked (or the whole
 * group is not offered): the scope then says `chosen`, and nothing ticked is refused.
 *
 * Nobody gives a scope beyond their own (the server refuses it), so only what lies within the
 * signed-in user's scope is offered: a scoped user is offered neither the whole group nor another
 * brand's dealerships, and a new scope starts as their own.
 */
export function ScopeField({
  name,
  defaultValue,
  brands,
  dealerships,
  errors,
  onChange,
  wholeLabel = 'Whole group',
  loading = false,
}: ScopeFieldProps) {
  const own = useScope();
  const mayGiveWhole = isGroupWide(own);
  const named = (key: string) => (name ? `${name}.${key}` : key);
  const start = useStartingScope(defaultValue);
  const [chosen, setChosen] = useState(!isGroupWide(start));
  const [picked, setPicked] = useState(start);
  const brandOf = new Map(dealerships.map((d) => [d.id, d.brand_id]));
  const within = (scope: Scope) => scopeWithin(own, scope, (id) => brandOf.get(id) ?? null);
  const offered = {
    brands: brands.filter((b) => within({ brand_ids: [b.id], dealership_ids: [] })),
    dealerships: dealerships.filter((d) => within({ brand_ids: [], dealership_ids: [d.id] })),
  };
  // What the scope holds that is not offered (a brand or dealership in the bin or deleted forever)
  // is shown, chosen, and can be taken out: dropped unseen, saving the form as it opened would
  // leave a scope of that brand alone empty, which is the whole group.
  const held = (key: 'brand_ids' | 'dealership_ids', listed: Option[], noun: string): Option[] =>
    start[key]
      .filter((id) => !offered[key === 'brand_ids' ? 'brands' : 'dealerships'].some((o) => o.id === id))
      .map((id) => ({
        id,
        name: listed.find((o) => o.id === id)?.name ?? `${noun} ${id}, in the bin or deleted`,
      }));
  const toggle = (key: 'brand_ids' | 'dealership_ids', id: number, on: boolean) => {
    setPicked((now) => ({ ...now, [key]: on ? [...now[key], id] : now[key].filter((x) => x !== id) }));
    onChange();
  };
  // A group with nothing to offer is left out: a Dealership manager has no brand to give.
  const group = (key: 'brand_ids' | 'dealership_ids', legend: string, options: Option[]) =>
    options.length === 0 ? null : (
      <fieldset className={styles.group}>
        <legend>{legend}</legend>
        <div className={styles.choices}>
          {options.map((option) => (
            <Checkbox
              key={option.id}
              name={named(key)}
              value={String(option.id)}
              isSelected={picked[key].includes(option.id)}
              isInvalid={errors.length > 0}
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
      {mayGiveWhole ? (
        <>
          <label>
            <input
              type="radio"
              name={`${name || 'scope'}-mode`}
              data-arranges
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
              data-arranges
              checked={chosen}
              onChange={() => setChosen(true)}
            />{' '}
            Chosen brands and dealerships
          </label>
        </>
      ) : null}
      {chosen && loading
        ? (['brand_ids', 'dealership_ids'] as const).flatMap((key) =>
            picked[key].map((id) => (
              <input key={`${key}-${id}`} type="hidden" name={named(key)} value={id} />
            )),
          )
        : null}
      {chosen ? (
        <input type="hidden" name={name ? `${name}.chosen` : 'scope_chosen'} value="true" data-arranges />
      ) : null}
      {chosen && !loading ? (
        <>
          {group('brand_ids', 'Brands', [...offered.brands, ...held('brand_ids', brands, 'Brand')])}
          {group('dealership_ids', 'Dealerships', [
            ...offered.dealerships,
            ...held('dealership_ids', dealerships, 'Dealership'),
          ])}
        </>
      ) : null}
      {/* After the boxes, so a refused save's focus goes to the first box, not to these. */}
      <input type="hidden" name={named('brand_ids')} value="" />
      <input type="hidden" name={named('dealership_ids')} value="" />
      {[...new Set(errors)].map((error) => (
        <p key={error} className={styles.error} role="alert">
          {error}
        </p>
      ))}
    </fieldset>
  );
}
