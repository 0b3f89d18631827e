import type { Dealership } from '@/api/contract/dealerships';
import { api } from '@/api/endpoints';
import { useMayCall } from '@/machines/session';
import { formatDate } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import type { DataTableColumn } from '@/ui/DataTable';
import { LogoName } from '@/ui/LogoName';
import { LifecycleList } from '@/ui/lifecycle/LifecycleList';
import { SiteAddress } from '@/ui/lifecycle/SiteAddress';
import { sortableLifecycleTable } from '@/ui/lifecycle/SortableRows';
import { thumbnailOf } from '@/ui/media/recordImages';
import { PageHeader } from '@/ui/PageHeader';
import { StatusIcon } from '@/ui/StatusIcon';
import styles from './DealershipsIndexScreen.module.css';

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'brand', label: 'Brand' },
  { id: 'slug', label: 'Slug' },
  { id: 'live', label: 'Live', width: 56, align: 'center' },
  { id: 'created_at', label: 'Created', width: 88 },
  { id: 'updated_at', label: 'Updated', width: 88 },
];

function renderCell(dealership: Dealership, column: string) {
  switch (column) {
    case 'name':
      return <span className={styles.name}>{dealership.name}</span>;
    case 'brand':
      return dealership.brand ? (
        <LogoName name={dealership.brand.name} logo={thumbnailOf(dealership.brand.logo)} />
      ) : (
        <span className={styles.none}>No brand</span>
      );
    case 'slug':
      return (
        <span className={styles.location}>
          <SiteAddress slug={dealership.slug} folder="locations/" />
        </span>
      );
    case 'live':
      // Live means published (spec §4): the API derives `live` from published_at.
      return dealership.published_at ? (
        <StatusIcon icon="tick" label="Live" tone="success" />
      ) : (
        <StatusIcon icon="cross" label="Not live" />
      );
    case 'created_at':
      return formatDate(dealership.created_at);
    case 'updated_at':
      return formatDate(dealership.updated_at);
    default:
      return null;
  }
}

const renderTable = sortableLifecycleTable<Dealership>((ids) =>
  api.dealerships.sort({ body: { dealerships: ids } }),
);

export default function DealershipsIndexScreen() {
  const may = useMayCall();
  return (
    <>
      <PageHeader
        title="Dealerships"
        subtitle="The dealerships on the website, in the order it shows them"
        actions={
          may('dealerships.create') ? (
            <ButtonLink href={pathTo('dealerships.add')} variant="primary" icon="plus">
              Add dealership
            </ButtonLink>
          ) : null
        }
      />
      <LifecycleList<Dealership>
        keepsHistory
        nouns={{ one: 'dealership', many: 'dealerships' }}
        startHref={may('dealerships.create') ? pathTo('dealerships.add') : undefined}
        editHref={(dealership) => pathTo('dealerships.edit', { id: dealership.id })}
        columns={columns}
        columnsKey="dealerships.columns"
        renderCell={renderCell}
        rowLabel={(dealership) => dealership.name}
        load={async (query) => {
          const { dealerships, trashed } = await api.dealerships.list({ query });
          return { active: dealerships, trashed };
        }}
        remove={
          may('dealerships.delete')
            ? ({ ids, type }) => api.dealerships.delete({ body: { dealerships: ids, type } })
            : undefined
        }
        restore={
          may('dealerships.restore')
            ? ({ ids }) => api.dealerships.restore({ body: { dealerships: ids } })
            : undefined
        }
        renderTable={may('dealerships.sort') ? renderTable : undefined}
      />
    </>
  );
}
