import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { type Dealership, dealershipUpdateSchema } from '@/api/contract/dealerships';
import { api } from '@/api/endpoints';
import { useCallAllowed, useGroupWide } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { EditRecord } from '@/ui/forms/EditRecord';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { FormHistory, useFormRestore } from '@/ui/history/FormHistory';
import { PageHeader } from '@/ui/PageHeader';
import { onRecord, PresenceBar } from '@/ui/presence/PresenceBar';
import { toast } from '@/ui/toasts';
import { DealershipForm } from './DealershipForm';
import type { DealershipOptions } from './form';
import { DealershipImages } from './ImageField';
import { loadDealershipOptions, withOwnBrand } from './options';
import { dealershipValues, imagesOfDealership } from './values';
import { dealershipViews } from './views';

/** The dealership with the choices of its selects; `updated_at` keys the form to this version. */
async function loadDealership(id: number, groupWide: boolean) {
  // The options never fail the load (see loadDealershipOptions): only a missing dealership does.
  const [dealership, options] = await Promise.all([
    api.dealerships.show({ params: { id } }).then(({ data }) => data),
    loadDealershipOptions(groupWide),
  ]);
  return { dealership, options: withOwnBrand(options, dealership), updated_at: dealership.updated_at };
}

export default function DealershipEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const groupWide = useGroupWide();
  return (
    <EditRecord
      id={id}
      load={() => loadDealership(Number(id), groupWide)}
      one="dealership"
      many="dealerships"
      listHref={pathTo('dealerships.index')}
      nameOf={(loaded) => loaded.dealership.name}
    >
      {({ dealership, options }, reload) => (
        <EditDealership dealership={dealership} options={options} onReload={reload} />
      )}
    </EditRecord>
  );
}

interface EditDealershipProps {
  dealership: Dealership;
  options: DealershipOptions;
  onReload: () => void;
}

function EditDealership({ dealership, options, onReload }: EditDealershipProps) {
  const updateRefused = useCallAllowed('dealerships.update').reason;
  const [, navigate] = useLocation();
  // A revision names its brand even once the brand is in the bin: it joins the choices, so the
  // comparison names it and the brand select keeps it when the revision is restored.
  const [named, setNamed] = useState(options);
  const images = imagesOfDealership(dealership);
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
      navigate(pathTo('dealerships.index'));
    },
  });
  const restorer = useFormRestore(flow);
  const id = dealership.id;
  return (
    <>
      <PageHeader
        title="Dealerships"
        subtitle={`Updating ${dealership.name}`}
        actions={
          <FormHistory
            restoreBlocked={updateRefused}
            flow={flow}
            schema={dealershipUpdateSchema}
            restorer={restorer}
            views={dealershipViews(named)}
            list={(page) => api.dealerships.history({ query: { id, page } })}
            show={async (revision) => {
              const { data } = await api.dealerships.historyShow({ query: { id, revision } });
              setNamed((known) => withOwnBrand(known, data));
              // The form keeps the version it loaded: saving the revision is checked against it.
              return { ...dealershipValues(data), updated_at: dealership.updated_at };
            }}
          />
        }
      />
      <PresenceBar record={`dealerships:${id}`} doing={onRecord('this dealership')} />
      <DealershipImages.Provider value={images}>
        <DealershipForm
          refusedReason={updateRefused}
          key={restorer.round}
          flow={flow}
          options={named}
          isNew={false}
          onReload={onReload}
        />
      </DealershipImages.Provider>
    </>
  );
}
