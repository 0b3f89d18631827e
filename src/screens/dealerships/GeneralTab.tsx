import { useState } from 'react';
import { slugify } from '@/shared/slug';
import { Field } from '@/ui/Field';
import { checkboxProps } from '@/ui/formProps';
import { siteUrl } from '@/ui/lifecycle/SiteAddress';
import { RichTextField } from '@/ui/RichTextField';
import { Switch } from '@/ui/Switch';
import styles from './DealershipForm.module.css';
import type { DealershipFields, DealershipOptions } from './form';

/** 'None' clears a choice; the API reads 0 as no brand or dealer. */
const none = { id: 0, name: 'None' };

interface GeneralTabProps {
  fields: DealershipFields;
  options: DealershipOptions;
  /** A new dealership's slug follows its name until the slug is edited. */
  slugFollowsName: boolean;
}

/** Name, slug, brand, stock feed dealer, live and the copy. */
export function GeneralTab({ fields, options, slugFollowsName }: GeneralTabProps) {
  const [slug, setSlug] = useState(fields.slug.defaultValue ?? '');
  const [follows, setFollows] = useState(slugFollowsName && !slug);
  const live = checkboxProps(fields.live);
  const [isLive, setLive] = useState(live.defaultSelected);

  return (
    <div className={styles.grid}>
      <Field
        field={fields.name}
        label="Name"
        autoComplete="off"
        onChange={(name) => {
          if (follows) setSlug(slugify(name));
        }}
      />
      <Field
        field={fields.slug}
        label="Slug"
        autoComplete="off"
        description={`${siteUrl}locations/${slug || '…'}`}
        value={slug}
        onChange={(value) => {
          setSlug(value);
          // Emptied, the slug follows the name again.
          setFollows(slugFollowsName && value === '');
        }}
      />
      <Field kind="select" field={fields.brand_id} label="Brand" items={[none, ...options.brands]} />
      <Field
        kind="select"
        field={fields.vehicles_dealer_id}
        label="Vehicles dealer"
        description="The dealer in the vehicle stock feed whose cars this dealership shows."
        items={[none, ...options.vehicleDealers]}
      />
      <div className={styles.full}>
        {/* The switch posts nothing when off; the hidden input always says which. */}
        <input type="hidden" name={fields.live.name} value={isLive ? 'true' : 'false'} />
        <Switch
          id={live.id}
          isSelected={isLive}
          onChange={setLive}
          isRequired={live.isRequired}
          isInvalid={live.isInvalid}
          errorMessage={live.errorMessage}
          description="Live dealerships show on the website."
        >
          Live
        </Switch>
      </div>
      <RichTextField
        className={styles.full}
        label="Copy"
        name={fields.copy.name}
        id={fields.copy.id}
        defaultValue={fields.copy.defaultValue ?? ''}
        description="The dealership's page text."
        errorMessage={fields.copy.errors}
        key={fields.copy.key}
      />
    </div>
  );
}
