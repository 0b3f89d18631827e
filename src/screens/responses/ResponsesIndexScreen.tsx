import { useEffect, useRef, useState } from 'react';
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

type AboutList = Omit<ResponsesAnswer, 'responses'>;

export default function ResponsesIndexScreen() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const chosen = responseHandle.safeParse(new URLSearchParams(search).get('handle'));
  // Without a form in the address, the server answers the first form with stored enquiries.
  const asked = chosen.success ? chosen.data : undefined;
  const totals = useLoad(async () => (await api.responses.totals({})).data, 'responses-totals');
  const [exporting, setExporting] = useState(false);
  const exportAllowed = useCallAllowed('responses.export');
  const [exportList, setExportList] = useState<ResponseHandle | undefined>(asked);
  const [listError, setListError] = useState<string | null>(null);
  // The forms and counts that come with the newest page of enquiries: kept here, above the list, so
  // the Form select (and the focus on it) stays while the list of another form loads.
  const [about, setAbout] = useState<AboutList | null>(null);
  const lists = about?.lists ?? [];
  const handle = asked ?? about?.handle;
  const counted = about && about.handle === handle ? about : null;

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
      {counted && counted.total !== counted.full_total ? (
        <p className={styles.note}>
          This table shows only the enquiries stored since form data began to be kept in the console (
          {counted.total} of {counted.full_total}); earlier enquiries were only e-mailed.
        </p>
      ) : null}
      {/* Another form is another list: it starts afresh, on its first page. */}
      <ResponsesOfForm key={asked ?? ''} asked={asked} onAbout={setAbout} />
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

/** The page of enquiries of one form; what comes with it (the forms, the counts) goes to `onAbout`. */
function ResponsesOfForm({
  asked,
  onAbout,
}: {
  asked: ResponseHandle | undefined;
  onAbout: (about: AboutList) => void;
}) {
  // Only the newest call of the list shown may answer: the machine drops an older answer, and the
  // list of the form chosen before, gone, answers nothing.
  const calls = useRef(0);
  useEffect(
    () => () => {
      calls.current = -1;
    },
    [],
  );
  const list = useAddressList(async (query) => {
    const call = ++calls.current;
    const { responses, ...rest } = await api.responses.list({ query: { handle: asked, page: query.page } });
    if (call === calls.current) onAbout(rest);
    return responses;
  });
  const page = list.data;
  const rows = page?.data ?? [];
  const columns = [
    ...OPTIONAL_COLUMNS.filter((column) => rows.some((row) => answerText(row, column.id) !== '')),
    DATE_COLUMN,
  ];
  return (
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
  );
}
