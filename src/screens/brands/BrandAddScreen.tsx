import { useLocation } from 'wouter';
import { brandCreateSchema } from '@/api/contract/brands';
import { api } from '@/api/endpoints';
import { pathTo } from '@/shared/paths';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { BrandForm } from './BrandForm';
import { useManufacturers } from './manufacturers';

export default function BrandAddScreen() {
  const [, navigate] = useLocation();
  const makers = useManufacturers();
  const flow = useSaveForm({
    id: 'brand-add',
    schema: brandCreateSchema,
    defaultValue: { live: false, is_fake: false, manufacturer_id: 0, lcv_manufacturer_id: 0 },
    validate: (values) => api.brands.validate({ body: values }),
    save: (values) => api.brands.create({ body: values }),
    onSaved: () => {
      toast.success('You have added a new brand.');
      navigate(pathTo('brands.index'));
    },
  });
  return (
    <>
      <PageHeader title="Brands" subtitle="Create a new brand" />
      <BrandForm flow={flow} slugFollowsName makers={makers} />
    </>
  );
}
