import { useLocation, useParams } from 'wouter';
import { type Brand, brandUpdateSchema } from '@/api/contract/brands';
import { api } from '@/api/endpoints';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import { BrandForm } from './BrandForm';

export default function BrandEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(async () => (await api.brands.show({ params: { id: Number(id) } })).data, id);

  if (loaded.status === 'loading') return <SkeletonLines lines={8} label="Loading the brand" />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message="The brand you are trying to locate clearly doesn't exist..."
        action={{ label: 'View all brands', href: '/brands' }}
      />
    );
  }
  // A new key after a reload: the form starts again from the record as it is now.
  return <EditBrand key={loaded.data.updated_at} brand={loaded.data} onReload={loaded.reload} />;
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
