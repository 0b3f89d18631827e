import { Field } from '@/ui/Field';
import { useSlugFromName } from '@/ui/forms/useSlugFromName';
import { siteUrl } from '@/ui/lifecycle/SiteAddress';
import styles from './DealershipForm.module.css';
import type { DealershipFields, DealershipOptions } from './form';
import { NO_CHOICE } from './views';

interface GeneralTabProps {
  fields: DealershipFields;
  options: DealershipOptions;
  /** A new dealership's slug follows its name until the slug is edited. */
  slugFollowsName: boolean;
  /** Tells the save flow a field changed (its server error goes): the slug, when the name changes it. */
  onChange: (name: string) => void;
}

/** Name, slug, brand, stock feed dealer, live and the copy. */
export function GeneralTab({ fields, options, slugFollowsName, onChange }: GeneralTabProps) {
  const { slug, onNameChange, onSlugChange } = useSlugFromName({
    initial: fields.slug.defaultValue ?? '',
    followsName: slugFollowsName,
    onSlugChanged: () => onChange(fields.slug.name),
  });

  return (
    <div className={styles.grid}>
      <Field field={fields.name} label="Name" autoComplete="off" onChange={onNameChange} />
      <Field
        field={fields.slug}
        label="Slug"
        autoComplete="off"
        description={`${siteUrl}locations/${slug || '…'}`}
        value={slug}
        onChange={onSlugChange}
      />
      <Field
        kind="select"
        field={fields.brand_id}
        label="Brand"
        items={options.brandNone ? [NO_CHOICE, ...options.brands] : options.brands}
      />
      <Field
        kind="select"
        field={fields.vehicles_dealer_id}
        label="Vehicles dealer"
        description="The dealer in the vehicle stock feed whose cars this dealership shows."
        items={[NO_CHOICE, ...options.vehicleDealers]}
      />
      <div className={styles.full}>
        {/* Posts 'false' when off too: the dealership's schema wants the choice either way. */}
        <Field
          kind="switch"
          field={fields.live}
          value="true"
          uncheckedValue="false"
          description="Live dealerships show on the website."
        >
          Live
        </Field>
      </div>
      <Field
        kind="richtext"
        field={fields.copy}
        label="Copy"
        description="The dealership's page text."
        className={styles.full}
      />
    </div>
  );
}
