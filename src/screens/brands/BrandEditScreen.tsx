import { useLocation, useParams } from 'wouter';
import { type Brand, brandUpdateSchema } from '@/api/contract/brands';
import { api } from '@/api/endpoints';
import { EditRecord } from '@/ui/forms/EditRecord';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { BrandForm } from './BrandForm';

export default function BrandEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <EditRecord
      id={id}
      load={async () => (await api.brands.show({ params: { id: Number(id) } })).data}
      one="brand"
      many="brands"
      listHref="/brands"
      nameOf={(brand) => brand.name}
    >
      {(brand, reload) => <EditBrand brand={brand} onReload={reload} />}
    </EditRecord>
  );
}

function EditBrand({ brand, onReload }: { brand: Brand; onReload: () => void }) {
  const [, navigate] = useLocation();
  const flow = useSaveForm({
    id: `brand-edit-${brand.id}`,
    schema: brandUpdateSchema,
    defaultValue: {
      name: brand.name,
      slug: brand.slug,
      live: brand.live,
      is_fake: brand.is_fake,
      manufacturer_id: brand.manufacturer_id,
      lcv_manufacturer_id: brand.lcv_manufacturer_id,
      logo: brand.meta.logo ?? '',
      updated_at: brand.updated_at,
    },
    validate: (values) => api.brands.validate({ body: { ...values, id: brand.id } }),
    save: (values) =>
      api.brands.update({ params: { id: brand.id }, body: { ...values, updated_at: brand.updated_at } }),
    onSaved: () => {
      toast.success('You have updated a brand.');
      navigate('/brands');
    },
  });
  return (
    <>
      <PageHeader title="Brands" subtitle={`Updating ${brand.name}`} />
      <BrandForm flow={flow} slugFollowsName={false} onReload={onReload} />
    </>
  );
}
