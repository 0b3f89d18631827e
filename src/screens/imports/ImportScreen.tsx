import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { apiBase } from '@/api/client';
import { type ImportProvider, importFormSchema } from '@/api/contract/builder';
import { api } from '@/api/endpoints';
import { pathTo } from '@/shared/paths';
import { Field } from '@/ui/Field';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { Loader } from '@/ui/Loader';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { TableRegion } from '@/ui/TableRegion';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import styles from './ImportScreen.module.css';

/** What the screen imports, by its route: /pages/import or /forms/import (spec §2). */
const SCREENS = {
  page: { title: 'Pages', nouns: 'pages', listHref: pathTo('pages.index') },
  form: { title: 'Forms', nouns: 'forms', listHref: pathTo('forms.index') },
} as const;
type Kind = keyof typeof SCREENS;

async function loadProviders(kind: Kind): Promise<ImportProvider[]> {
  const answer = await api.builder.importProviders({});
  return answer.providers.filter((provider) => provider.kind === kind);
}

/** Spec §2 Pages import (and the same screen for forms): confirmation e-mail, provider and one file. */
export default function ImportScreen() {
  const [location] = useLocation();
  const kind: Kind = location.startsWith(pathTo('forms.index')) ? 'form' : 'page';
  const screen = SCREENS[kind];
  const providers = useLoad(() => loadProviders(kind), `import-providers-${kind}`);
  return (
    <>
      <PageHeader title={screen.title} subtitle={`Import ${screen.nouns} from excel via providers`} />
      {providers.status === 'loading' ? <Loader block size="lg" label="Loading the providers" /> : null}
      {providers.status === 'failed' ? (
        <NotFound
          message="The import providers could not be loaded."
          action={{ label: `View all ${screen.nouns}`, href: screen.listHref }}
        />
      ) : null}
      {providers.status === 'ready' ? <ImportForm kind={kind} providers={providers.data} /> : null}
    </>
  );
}

function ImportForm({ kind, providers }: { kind: Kind; providers: ImportProvider[] }) {
  const screen = SCREENS[kind];
  const [, navigate] = useLocation();
  /** The picked file stays in the browser until the form posts; the form carries a token naming it. */
  const picked = useRef(new Map<string, File>());
  const answered = useRef('');
  const [chosen, setChosen] = useState<string | null>(providers.length === 1 ? providers[0]!.key : null);
  const flow = useSaveForm({
    id: `${kind}-import`,
    schema: importFormSchema,
    defaultValue: { provider: chosen ?? undefined },
    save: async (values) => {
      const body = new FormData();
      body.set('email', values.email);
      body.set('provider', values.provider);
      const file = picked.current.get(values.import);
      if (file) body.set('import', file, file.name);
      const answer = await api.builder.runImport({ body });
      answered.current = answer.message;
      return answer;
    },
    onSaved: () => {
      toast.success(answered.current);
      navigate(screen.listHref);
    },
  });
  const { fields } = flow;
  const provider = providers.find((p) => p.key === chosen) ?? null;

  return (
    <SaveFormFrame flow={flow} cancelHref={screen.listHref} submitLabel="Import">
      <Field
        field={fields.email}
        label="Confirmation e-mail"
        type="email"
        autoComplete="email"
        description="The result of the import, with every row it could not use and why, is sent here."
      />
      <Field
        field={fields.provider}
        kind="select"
        label="Provider"
        placeholder="Choose a provider"
        items={providers.map((p) => ({ id: p.key, name: p.label }))}
        onSelectionChange={(key) => {
          setChosen(key === null ? null : String(key));
          flow.onChange('provider');
        }}
      />
      {provider ? <ProviderColumns provider={provider} /> : null}
      <Field
        field={fields.import}
        kind="file"
        label="Spreadsheet"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxFiles={1}
        description="One Excel workbook (.xlsx) of at most 5 MB; its first sheet is imported."
        onUpload={async (file) => {
          if (!/\.xlsx$/i.test(file.name)) throw new Error('Choose an Excel workbook (.xlsx).');
          const token = `${picked.current.size + 1}:${file.name}`;
          picked.current.set(token, file);
          flow.onChange('import');
          return { path: token, name: file.name };
        }}
        onUploadError={() => {}}
      />
    </SaveFormFrame>
  );
}

/** The columns the chosen provider reads, and a sample workbook to start from. */
function ProviderColumns({ provider }: { provider: ImportProvider }) {
  return (
    <section className={styles.columns} aria-labelledby="provider-columns">
      <h2 id="provider-columns" className={styles.heading}>
        Columns of the {provider.label.toLowerCase()} sheet
      </h2>
      <p className={styles.description}>{provider.description}</p>
      <TableRegion label={`Columns of the ${provider.label.toLowerCase()} sheet`}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Required</th>
              <th scope="col">What it takes</th>
            </tr>
          </thead>
          <tbody>
            {provider.columns.map((column) => (
              <tr key={column.header}>
                <th scope="row">{column.header}</th>
                <td>{column.required ? 'Yes' : 'No'}</td>
                <td>{column.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <a className={styles.sample} href={`${apiBase}${provider.sample_url}`} download>
        Download a sample {provider.label.toLowerCase()} workbook
      </a>
    </section>
  );
}
