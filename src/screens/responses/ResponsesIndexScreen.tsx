import { useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type Enquiry, type ResponseHandle, responseHandle } from '@/api/contract/responses';
import { api } from '@/api/endpoints';
import { useCallAllowed } from '@/machines/session';
import { formatDate } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { DataTable, type DataTableColumn } from '@/ui/DataTable';
import { EmptyState } from '@/ui/EmptyState';
import { ExportDialog } from '@/ui/ExportDialog';
import { IconButton } from '@/ui/IconButton';
import { IconLink } from '@/ui/IconLink';
import { ListRows } from '@/ui/lists/ListParts';
import { useAddressList } from '@/ui/lists/useAddressList';
import { PageHeader } from '@/ui/PageHeader';
import { Select } from '@/ui/Select';
import { useLoad } from '@/ui/useLoad';
import styles from './Responses.module.css';
import { TotalsBoxes, TotalsBoxesLoading } from './TotalsBoxes';

/**
 * The answers the table shows when an enquiry holds them (spec §2 Responses). E-mail addresses are
 * the longest values and the ones staff read whole, so their column is set wide enough for them;
 * telephone numbers and dates have a known length; names, derivatives and dealerships share the rest.
 */
const OPTIONAL_COLUMNS: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'Email', width: '18rem' },
  { id: 'telephone', label: 'Telephone', width: '9rem' },
  { id: 'derivative', label: 'Derivative' },
  { id: 'dealership', label: 'Dealership' },
];
const DATE_COLUMN: DataTableColumn = { id: 'date_added', label: 'Date Added', width: '7rem' };

type ResponsesAnswer = Awaited<ReturnType<typeof api.responses.list>>;

const followExport = async (id: number) => (await api.exports.show({ params: { id } })).data;

function answerText(row: Enquiry, field: string): string {
  const result = row.data[field]?.result;
  if (result === undefined || result === null || result === '') return '';
  return Array.isArray(result) ? result.join(', ') : String(result);
}

export default function ResponsesIndexScreen() {
  const search = useSearch();
  const chosen = responseHandle.safeParse(new URLSearchParams(search).get('handle'));
  // Without a form in the address, the server answers the first form with stored enquiries.
  const asked = chosen.success ? chosen.data : undefined;
  // Another form is another list: it starts afresh, on its first page.
  return <ResponsesOfForm key={asked ?? ''} asked={asked} />;
}

function ResponsesOfForm({ asked }: { asked: ResponseHandle | undefined }) {
  const [location, navigate] = useLocation();
  const totals = useLoad(async () => (await api.responses.totals({})).data, 'responses-totals');
  const [exporting, setExporting] = useState(false);
  const exportAllowed = useCallAllowed('responses.export');
  const [exportList, setExportList] = useState<ResponseHandle | undefined>(asked);
  const [listError, setListError] = useState<string | null>(null);
  // The list machine keeps the page of enquiries; the forms and counts that come with it are kept here.
  const [about, setAbout] = useState<Omit<ResponsesAnswer, 'responses'> | null>(null);
  // Only the newest call may set them: the machine drops an older answer, so must this.
  const calls = useRef(0);
  const list = useAddressList(async (query) => {
    const call = ++calls.current;
    const { responses, ...rest } = await api.responses.list({ query: { handle: asked, page: query.page } });
    if (call === calls.current) setAbout(rest);
    return responses;
  });
  const page = list.data;
  const lists = about?.lists ?? [];
  const handle = about?.handle ?? asked;

  const rows = page?.data ?? [];
  const columns = [
    ...OPTIONAL_COLUMNS.filter((column) => rows.some((row) => answerText(row, column.id) !== '')),
    DATE_COLUMN,
  ];

  return (
    <>
      <PageHeader
        title="Responses"
        subtitle="Enquiries sent from the website"
        actions={
          <IconButton
            icon="export"
            label="Export responses"
            variant="secondary"
            // Without the permission the icon stays, saying why: its absence would leave the list's export unexplained.
            isDisabled={!handle || !exportAllowed.allowed}
            disabledReason={exportAllowed.reason}
            onPress={() => {
              if (handle) setExportList(handle);
              setExporting(true);
            }}
          />
        }
      />
      {totals.data ? (
        <TotalsBoxes totals={totals.data} />
      ) : totals.status === 'loading' ? (
        <TotalsBoxesLoading />
      ) : null}
      <div className={styles.toolbar}>
        <Select
          label="Form"
          className={styles.formSelect}
          items={lists.map((l) => ({ id: l.name, name: l.label }))}
          selectedKey={handle ?? null}
          isDisabled={lists.length === 0}
          onSelectionChange={(key) => {
            if (key && key !== handle) navigate(`${location}?handle=${encodeURIComponent(key)}`);
          }}
        />
      </div>
      {about && about.total !== about.full_total ? (
        <p className={styles.note}>
          This table shows only the enquiries stored since form data began to be kept in the console (
          {about.total} of {about.full_total}); earlier enquiries were only e-mailed.
        </p>
      ) : null}
      <ListRows many="responses" failure={list.failure} onRetry={list.retry} page={page} onPage={list.goTo}>
        <DataTable<Enquiry>
          label="Responses"
          columns={columns}
          rows={rows}
          rowLabel={(row) => answerText(row, 'name') || `Response #${row.id}`}
          renderCell={(row, id) => (id === 'date_added' ? formatDate(row.date_added) : answerText(row, id))}
          isLoading={list.isLoading && !page}
          empty={<EmptyState icon="responses" title="There are no responses for this form yet." />}
          renderActions={(row) => (
            <IconLink
              href={pathTo('responses.show', { id: row.id })}
              icon="eye"
              size="sm"
              label={`View response from ${answerText(row, 'name') || `#${row.id}`}`}
            />
          )}
        />
      </ListRows>
      <ExportDialog
        isOpen={exporting}
        onClose={() => {
          setExporting(false);
          setListError(null);
        }}
        title="Export responses"
        extraFields={
          <Select
            label="List"
            isRequired
            items={lists.map((l) => ({ id: l.name, name: l.label }))}
            selectedKey={exportList ?? null}
            onSelectionChange={(key) => {
              const parsed = responseHandle.safeParse(key);
              if (parsed.success) setExportList(parsed.data);
              setListError(null);
            }}
            errorMessage={listError}
            isInvalid={listError !== null}
          />
        }
        start={(email) => api.responses.export({ body: { name: (exportList ?? handle)!, email } })}
        follow={followExport}
        onFieldErrors={(errors) => setListError(errors.name ?? null)}
      />
    </>
  );
}
