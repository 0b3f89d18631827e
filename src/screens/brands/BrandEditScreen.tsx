import { useLocation, useParams } from 'wouter';
import { type Brand, brandUpdateSchema } from '@/api/contract/brands';
import { api } from '@/api/endpoints';
import { useCallAllowed } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { EditRecord } from '@/ui/forms/EditRecord';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { FormHistory, useFormRestore } from '@/ui/history/FormHistory';
import { PageHeader } from '@/ui/PageHeader';
import { onRecord, PresenceBar } from '@/ui/presence/PresenceBar';
import { toast } from '@/ui/toasts';
import { BrandForm } from './BrandForm';
import { brandViews, useManufacturers } from './manufacturers';

export default function BrandEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <EditRecord
      id={id}
      load={async () => (await api.brands.show({ params: { id: Number(id) } })).data}
      one="brand"
      many="brands"
      listHref={pathTo('brands.index')}
      nameOf={(brand) => brand.name}
    >
      {(brand, reload) => <EditBrand brand={brand} onReload={reload} />}
    </EditRecord>
  );
}

/** A stored brand (or one of its revisions) as the form's values. */
function brandValues(brand: Brand) {
  return {
    name: brand.name,
    slug: brand.slug,
    live: brand.live,
    is_fake: brand.is_fake,
    manufacturer_id: brand.manufacturer_id,
    lcv_manufacturer_id: brand.lcv_manufacturer_id,
    logo: brand.logo ? String(brand.logo.id) : '',
    updated_at: brand.updated_at,
  };
}

function EditBrand({ brand, onReload }: { brand: Brand; onReload: () => void }) {
  const updateRefused = useCallAllowed('brands.update').reason;
  const [, navigate] = useLocation();
  const makers = useManufacturers();
  const flow = useSaveForm({
    id: `brand-edit-${brand.id}`,
    schema: brandUpdateSchema,
    defaultValue: brandValues(brand),
    validate: (values) => api.brands.validate({ body: { ...values, id: brand.id } }),
    save: (values) =>
      api.brands.update({ params: { id: brand.id }, body: { ...values, updated_at: brand.updated_at } }),
    onSaved: () => {
      toast.success('You have updated a brand.');
      navigate(pathTo('brands.index'));
    },
  });
  const restorer = useFormRestore(flow);
  const id = brand.id;
  return (
    <>
      <PageHeader
        title="Brands"
        subtitle={`Updating ${brand.name}`}
        actions={
          <FormHistory
            restoreBlocked={updateRefused}
            flow={flow}
            schema={brandUpdateSchema}
            restorer={restorer}
            views={brandViews(makers.data)}
            list={(page) => api.brands.history({ query: { id, page } })}
            show={async (revision) => {
              const { data } = await api.brands.historyShow({ query: { id, revision } });
              // The form keeps the version it loaded: saving the revision is checked against it.
              return { ...brandValues(data), updated_at: brand.updated_at };
            }}
          />
        }
      />
      <PresenceBar record={`brands:${id}`} doing={onRecord('this brand')} />
      <BrandForm
        refusedReason={updateRefused}
        key={restorer.round}
        flow={flow}
        slugFollowsName={false}
        onReload={onReload}
        makers={makers}
        logo={brand.logo}
      />
    </>
  );
}
