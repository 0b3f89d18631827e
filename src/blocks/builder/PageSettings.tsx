import type { Option } from '@/api/contract/common';
import { Field } from '@/ui/Field';
import styles from './PageSettings.module.css';
import type { SettingsValues } from './settingsValues';
import { NO_TEMPLATE, SORT_BY, SORT_MODE } from './settingsViews';
import { YesNoField } from './YesNoField';

export interface PageSettingsProps {
  values: SettingsValues;
  onChange: (change: Partial<SettingsValues>) => void;
  name: string;
  onName: (name: string) => void;
  /** 'Slug' for pages, 'Handle' for forms: read-only, made from the name. */
  slugLabel: string;
  slug: string;
  brands: readonly Option[];
  templates: readonly Option[];
  /** Field metadata (required marker, first error) by dotted name. */
  meta: (name: string) => import('@/ui/formProps').FieldMeta;
  /** Stored as locked: the Locked and child template selectors are not offered (spec §4). */
  locked: boolean;
  /**
   * Why the user may not publish ('Your role, Brand manager, cannot publish forms.'): Published
   * is then shown as it is, read-only, with this reason as its description, and its dates are not offered.
   */
  publishRefused?: string | null;
}

/** The page-wide fields of a page or form (spec §2 Builder, §3 Page). */
export function PageSettings({
  values,
  onChange,
  name,
  onName,
  slugLabel,
  slug,
  brands,
  templates,
  meta,
  locked,
  publishRefused = null,
}: PageSettingsProps) {
  const slugName = slugLabel === 'Handle' ? 'handle' : 'slug';
  // A brand the page has that the list no longer offers (in the bin, or deleted forever) is shown
  // as chosen, so the page is not taken for one without a brand; saving it unchanged keeps it.
  const held =
    values.brand_id !== null && !brands.some((brand) => brand.id === values.brand_id)
      ? [{ id: values.brand_id, name: `Brand ${values.brand_id}, in the bin or deleted` }]
      : [];
  return (
    <section className={styles.settings} aria-label="Page settings">
      <Field
        kind="select"
        field={meta('brand_id')}
        label="Brand"
        items={[...brands, ...held]}
        selectedKey={values.brand_id}
        onSelectionChange={(key) => onChange({ brand_id: key === null ? null : Number(key) })}
        placeholder="Choose a brand"
      />
      <Field field={meta('name')} label="Name" value={name} onChange={onName} maxLength={255} />
      <Field
        field={meta(slugName)}
        label={slugLabel}
        value={slug}
        isReadOnly
        description={`Made from the name: it follows the name as you type.`}
      />
      <Field
        field={meta('meta.title')}
        label="Meta title"
        value={values.meta.title}
        onChange={(title) => onChange({ meta: { ...values.meta, title } })}
        maxLength={255}
      />
      <Field
        kind="textarea"
        field={meta('meta.description')}
        label="Meta description"
        value={values.meta.description}
        onChange={(description) => onChange({ meta: { ...values.meta, description } })}
        maxLength={1000}
      />
      {publishRefused ? (
        // Read-only rather than disabled: it can still be focused, and its reason is read with it.
        <Field
          field={meta('published')}
          label="Published"
          value={values.published === 1 ? 'Yes' : 'No'}
          isReadOnly
          description={publishRefused}
        />
      ) : (
        <YesNoField
          field={meta('published')}
          label="Published"
          value={values.published}
          onChange={(published) => onChange({ published })}
        />
      )}
      {values.published === 1 && !publishRefused ? (
        <>
          <Field
            kind="date"
            granularity="minute"
            field={{ ...meta('published_at'), required: true }}
            label="Published at"
            value={values.published_at}
            onChange={(published_at) => onChange({ published_at })}
            description="A time still to come schedules it: it goes live on the website then."
          />
          <Field
            kind="date"
            granularity="minute"
            field={meta('unpublish_at')}
            label="Unpublish at"
            value={values.unpublish_at}
            onChange={(unpublish_at) => onChange({ unpublish_at })}
            description="Optional: it comes down from the website at this time."
          />
        </>
      ) : null}
      {locked ? null : (
        <>
          <YesNoField
            field={meta('locked')}
            label="Locked"
            value={values.locked}
            onChange={(locked) => onChange({ locked })}
          />
          <Field
            kind="select"
            field={meta('child_template_id')}
            label="Child template"
            items={[NO_TEMPLATE, ...templates]}
            selectedKey={values.child_template_id ?? 0}
            onSelectionChange={(key) => onChange({ child_template_id: key ? Number(key) : null })}
          />
        </>
      )}
      <Field
        kind="select"
        field={meta('sort_by')}
        label="Sort children by"
        items={SORT_BY}
        selectedKey={values.sort_by}
        onSelectionChange={(key) =>
          onChange({ sort_by: key === 'published_at' ? 'published_at' : 'sort_order' })
        }
      />
      <Field
        kind="select"
        field={meta('sort_by_mode')}
        label="Sort direction"
        items={SORT_MODE}
        selectedKey={values.sort_by_mode}
        onSelectionChange={(key) => onChange({ sort_by_mode: key === 'desc' ? 'desc' : 'asc' })}
      />
    </section>
  );
}
