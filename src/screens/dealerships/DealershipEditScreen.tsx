import { useLocation, useParams } from 'wouter';
import { type Dealership, dealershipUpdateSchema } from '@/api/contract/dealerships';
import { api } from '@/api/endpoints';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import { DealershipForm } from './DealershipForm';
import type { DealershipOptions } from './form';
import { loadDealershipOptions, withOwnBrand } from './options';
import { dealershipValues } from './values';

export default function DealershipEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(async () => {
    // The options never fail the load (see loadDealershipOptions): only a missing dealership does.
    const [dealership, options] = await Promise.all([
      api.dealerships.show({ params: { id: Number(id) } }).then(({ data }) => data),
      loadDealershipOptions(),
    ]);
    return { dealership, options: withOwnBrand(options, dealership) };
  }, id);

  if (loaded.status === 'loading') return <SkeletonLines lines={8} label="Loading the dealership" />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message="The dealership you are trying to locate clearly doesn't exist..."
        action={{ label: 'View all dealerships', href: '/dealerships' }}
      />
    );
  }
  const { dealership, options } = loaded.data;
  // A new key after a reload: the form starts again from the dealership as it is now.
  return (
    <EditDealership
      key={dealership.updated_at}
      dealership={dealership}
      options={options}
      onReload={loaded.reload}
    />
  );
}

interface EditDealershipProps {
  dealership: Dealership;
  options: DealershipOptions;
  onReload: () => void;
}

function EditDealership({ dealership, options, onReload }: EditDealershipProps) {
  const [, navigate] = useLocation();
  const flow = useSaveForm({
    id: `dealership-edit-${dealership.id}`,
    schema: dealershipUpdateSchema,
    defaultValue: dealershipValues(dealership),
    validate: (values) => api.dealerships.validate({ body: { ...values, id: dealership.id } }),
    save: (values) =>
      api.dealerships.update({
        params: { id: dealership.id },
        body: { ...values, updated_at: dealership.updated_at },
      }),
    onSaved: () => {
      toast.success('You have updated a dealership.');
      navigate('/dealerships');
    },
  });
  return (
    <>
      <PageHeader title="Dealerships" subtitle={`Updating ${dealership.name}`} />
      <DealershipForm flow={flow} options={options} isNew={false} onReload={onReload} />
    </>
  );
}
