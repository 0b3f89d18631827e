import { useLocation } from 'wouter';
import { dealershipUpdateSchema } from '@/api/contract/dealerships';
import { api } from '@/api/endpoints';
import { useGroupWide } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import { DealershipForm } from './DealershipForm';
import type { DealershipOptions } from './form';
import { loadDealershipOptions } from './options';
import { newDealershipValues } from './values';

export default function DealershipAddScreen() {
  const groupWide = useGroupWide();
  const options = useLoad(() => loadDealershipOptions(groupWide), 'options');
  return (
    <>
      {/* Spec: the Add screen is titled 'Create a new dealership' (the route names the tab so too). */}
      <PageHeader title="Create a new dealership" />
      {options.status === 'ready' ? (
        <AddDealership options={options.data} />
      ) : (
        <SkeletonLines lines={8} label="Loading the dealership form" />
      )}
    </>
  );
}

function AddDealership({ options }: { options: DealershipOptions }) {
  const [, navigate] = useLocation();
  const flow = useSaveForm({
    id: 'dealership-add',
    schema: dealershipUpdateSchema,
    defaultValue: newDealershipValues(),
    validate: (values) => api.dealerships.validate({ body: values }),
    save: (values) => api.dealerships.create({ body: values }),
    onSaved: () => {
      toast.success('You have added a new dealership.');
      navigate(pathTo('dealerships.index'));
    },
  });
  return <DealershipForm flow={flow} options={options} isNew />;
}
