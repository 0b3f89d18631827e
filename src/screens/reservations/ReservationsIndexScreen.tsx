import type { Paginator } from '@/api/contract/common';
import type { Reservation } from '@/api/contract/reservations';
import { api } from '@/api/endpoints';
import { formatDate } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import { DataTable, type DataTableColumn } from '@/ui/DataTable';
import { EmptyState, SEARCH_BOX } from '@/ui/EmptyState';
import { ListFrame, ListRows, ListToolbar } from '@/ui/lists/ListParts';
import { useAddressList } from '@/ui/lists/useAddressList';
import { PageHeader } from '@/ui/PageHeader';
import { useColumnVisibility } from '@/ui/useColumnVisibility';
import { RefundStatus } from './RefundStatus';

/**
 * Registrations and dates have a known length, so their columns are set to it; the refunded column
 * is as wide as what it shows (an amount partly refunded). Names and e-mail addresses, the longest
 * values and the ones read whole, share the rest.
 */
const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'Email Address' },
  { id: 'registration', label: 'Registration', width: '8rem' },
  { id: 'refunded', label: 'Refunded', align: 'center', width: '1%' },
  { id: 'reserved_at', label: 'Reserved At', width: '7.5rem' },
  { id: 'refunded_at', label: 'Refunded At', width: '7.5rem' },
];

async function loadReservations(query: { search: string; page: number }): Promise<Paginator<Reservation>> {
  return (await api.reservations.list({ query })).reservations;
}

function renderCell(row: Reservation, columnId: string) {
  switch (columnId) {
    case 'name':
      return row.name;
    case 'email':
      return row.email;
    case 'registration':
      return row.registration;
    case 'refunded':
      return <RefundStatus reservation={row} />;
    case 'reserved_at':
      return formatDate(row.reserved_at);
    case 'refunded_at':
      return row.refunded_at ? formatDate(row.refunded_at) : 'N/A';
    default:
      return null;
  }
}

/** Spec §2 Reservations: searched and paged in the address, columns chosen by the user. */
export default function ReservationsIndexScreen() {
  const list = useAddressList(loadReservations);
  const visibility = useColumnVisibility(columns, 'reservations.columns');
  const page = list.data;

  const empty = list.searched ? (
    <EmptyState
      title="Oops! No results..."
      text={`No reservations match “${list.searched}”.`}
      action={{ label: 'Clear Search', onPress: list.clear, focusAfter: SEARCH_BOX }}
    />
  ) : (
    <EmptyState icon="reservations" title="There are currently no reservations." />
  );

  return (
    <>
      <PageHeader title="Reservations" subtitle="View all your reservations" />
      <ListFrame busy={list.isLoading}>
        <ListToolbar
          many="reservations"
          search={list.typed}
          onSearch={list.type}
          columns={visibility.columns}
          onColumnsChange={visibility.setHiddenIds}
        />
        <ListRows
          many="reservations"
          failure={list.failure}
          onRetry={list.retry}
          page={page}
          onPage={list.goTo}
        >
          <DataTable<Reservation>
            label="Reservations"
            columns={visibility.columns}
            rows={page?.data ?? []}
            renderCell={renderCell}
            isLoading={list.isLoading && !page}
            empty={empty}
            renderActions={(row) => (
              <ButtonLink
                href={pathTo('reservations.show', { id: row.id })}
                size="sm"
                variant="ghost"
                icon="eye"
              >
                Show details
              </ButtonLink>
            )}
          />
        </ListRows>
      </ListFrame>
    </>
  );
}
