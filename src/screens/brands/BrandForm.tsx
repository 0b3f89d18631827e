import type { brandCreateSchema, brandUpdateSchema } from '@/api/contract/brands';
import type { RecordImage } from '@/api/contract/images';
import { pathTo } from '@/shared/paths';
import { Field } from '@/ui/Field';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import type { SaveForm } from '@/ui/forms/useSaveForm';
import { useSlugFromName } from '@/ui/forms/useSlugFromName';
import { idsOf, RecordImageField } from '@/ui/media/RecordImageField';
import { ManufacturerSelect } from './ManufacturerSelect';
import type { MakersLoad } from './manufacturers';

interface BrandFormProps {
  flow: SaveForm<typeof brandCreateSchema> | SaveForm<typeof brandUpdateSchema>;
  /**
   * A new brand's slug is suggested from its name until the slug is edited. An existing brand's
   * slug is its address on the website, so renaming it never moves it.
   */
  slugFollowsName: boolean;
  onReload?: () => void;
  /** Why the user may not save this record: the form is then read-only (SaveFormFrame). */
  refusedReason?: string | null;
  /** The makes the selects offer (useManufacturers). */
  makers: MakersLoad;
  /** The logo the brand holds (a library image), if any. */
  logo?: RecordImage | null;
}

/** The brand form (spec §2 Brands): name, slug, live, fake, car and LCV makes, logo. */
export function BrandForm({
  flow,
  refusedReason,
  slugFollowsName,
  onReload,
  makers,
  logo = null,
}: BrandFormProps) {
  const { fields } = flow;
  const { slug, onNameChange, onSlugChange } = useSlugFromName({
    initial: fields.slug.defaultValue ?? '',
    followsName: slugFollowsName,
    onSlugChanged: () => flow.onChange(fields.slug.name),
  });

  return (
    <SaveFormFrame
      flow={flow}
      cancelHref={pathTo('brands.index')}
      onReload={onReload}
      refusedReason={refusedReason}
    >
      <Field field={fields.name} label="Name" autoComplete="off" onChange={onNameChange} />
      <Field
        field={fields.slug}
        label="Slug"
        autoComplete="off"
        description="Lowercase letters, numbers and hyphens: the brand's address on the website."
        value={slug}
        onChange={onSlugChange}
      />
      <ManufacturerSelect
        label="Manufacturer"
        field={fields.manufacturer_id}
        manufacturers={makers.data?.car ?? null}
        loadFailed={makers.status === 'failed'}
        onChange={flow.onChange}
        key={fields.manufacturer_id.key}
      />
      <ManufacturerSelect
        label="LCV manufacturer"
        field={fields.lcv_manufacturer_id}
        manufacturers={makers.data?.lcv ?? null}
        loadFailed={makers.status === 'failed'}
        onChange={flow.onChange}
        key={fields.lcv_manufacturer_id.key}
      />
      {/* Both post the form library's own 'on', so a revision loaded into the form ticks them too. */}
      <Field kind="switch" field={fields.live} description="Shown on the website.">
        Live
      </Field>
      <Field
        kind="checkbox"
        field={fields.is_fake}
        description="A brand of the group's own, such as Approved Used, that no manufacturer makes."
      >
        Fake brand
      </Field>
      <RecordImageField
        label="Logo"
        name={fields.logo.name}
        defaultIds={idsOf(fields.logo.defaultValue)}
        known={logo ? [logo] : []}
        shape="one"
        errorMessage={fields.logo.errors?.[0]}
      />
    </SaveFormFrame>
  );
}
