import type { Brand } from '@/api/contract/brands';
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

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'slug', label: 'Slug' },
  { id: 'live', label: 'Live', width: 56, align: 'center' },
  { id: 'created_at', label: 'Created', width: 88 },
  { id: 'updated_at', label: 'Updated', width: 88 },
];

function renderCell(brand: Brand, column: string) {
  switch (column) {
    case 'name':
      return <LogoName name={brand.name} logo={thumbnailOf(brand.logo)} emphasised />;
    case 'slug':
      return <SiteAddress slug={brand.slug} />;
    case 'live':
      return brand.live ? (
        <StatusIcon icon="tick" label="Live" tone="success" />
      ) : (
        <StatusIcon icon="cross" label="Not live" />
      );
    case 'created_at':
      return formatDate(brand.created_at);
    case 'updated_at':
      return formatDate(brand.updated_at);
    default:
      return null;
  }
}

const renderTable = sortableLifecycleTable<Brand>((ids) => api.brands.sort({ body: { brands: ids } }));

export default function BrandsIndexScreen() {
  const may = useMayCall();
  return (
    <>
      <PageHeader
        title="Brands"
        subtitle="The car makes on the website, in the order it shows them"
        actions={
          may('brands.create') ? (
            <ButtonLink href={pathTo('brands.add')} variant="primary" icon="plus">
              Add brand
            </ButtonLink>
          ) : null
        }
      />
      <LifecycleList<Brand>
        keepsHistory
        nouns={{ one: 'brand', many: 'brands' }}
        startHref={may('brands.create') ? pathTo('brands.add') : undefined}
        editHref={(brand) => pathTo('brands.edit', { id: brand.id })}
        columns={columns}
        columnsKey="brands.columns"
        renderCell={renderCell}
        rowLabel={(brand) => brand.name}
        load={async (query) => {
          const { brands, trashed } = await api.brands.list({ query });
          return { active: brands, trashed };
        }}
        remove={
          may('brands.delete')
            ? ({ ids, type }) => api.brands.delete({ body: { brands: ids, type } })
            : undefined
        }
        restore={
          may('brands.restore') ? ({ ids }) => api.brands.restore({ body: { brands: ids } }) : undefined
        }
        renderTable={may('brands.sort') ? renderTable : undefined}
      />
    </>
  );
}
