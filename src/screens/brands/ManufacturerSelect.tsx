import { useState } from 'react';
import type { Manufacturer } from '@/api/contract/brands';
import type { FieldMeta } from '@/ui/formProps';
import { Select } from '@/ui/Select';
import { makerChoices } from './manufacturers';

export interface ManufacturerSelectProps {
  label: string;
  field: FieldMeta;
  /** The makes of one type; null while they load or when they could not be loaded. */
  manufacturers: readonly Manufacturer[] | null;
  loadFailed: boolean;
  /** Told when the choice changes, so the field's server error can go. */
  onChange: (name: string) => void;
}

/**
 * A make chosen by name that posts its code. The code posts from a hidden input rather than from
 * the select, so a brand saved before the list arrives (or when it cannot) keeps the make it has.
 */
export function ManufacturerSelect({
  label,
  field,
  manufacturers,
  loadFailed,
  onChange,
}: ManufacturerSelectProps) {
  const [code, setCode] = useState(() => Number(field.defaultValue) || 0);
  const items = makerChoices(manufacturers);
  const errors = field.errors && field.errors.length > 0 ? field.errors : undefined;
  return (
    <div>
      <Select<number>
        id={field.id}
        label={label}
        items={items}
        selectedKey={manufacturers ? code : code === 0 ? 0 : null}
        onSelectionChange={(key) => {
          setCode(key ?? 0);
          onChange(field.name);
        }}
        placeholder={loadFailed ? 'Could not load the list' : 'Loading…'}
        isDisabled={manufacturers === null}
        description={
          loadFailed ? 'The list of makes could not be loaded; the current choice is kept.' : undefined
        }
        errorMessage={errors}
        isInvalid={errors !== undefined}
      />
      <input type="hidden" name={field.name} value={code} />
    </div>
  );
}
