import { useLocation } from 'wouter';
import { type Template, templateFields } from '@/api/contract/templates';
import { api } from '@/api/endpoints';
import type { RecordHistory } from '@/blocks/builder/BuilderHistory';
import { type BuilderOptions, loadBuilderOptions } from '@/blocks/builder/builderOptions';
import { BuilderScreen } from '@/blocks/builder/LoadedBuilder';
import { RecordBuilder } from '@/blocks/builder/RecordBuilder';
import { requiredMarkers } from '@/blocks/builder/settingsValues';
import { type BuilderStart, newStart, type RecordCalls } from '@/blocks/builder/useRecordBuilder';
import { YesNoField } from '@/blocks/builder/YesNoField';
import { draftKey } from '@/blocks/drafts';
import { useCallAllowed, useGroupWide } from '@/machines/session';
import { GROUP_TEMPLATES } from '@/shared/access';
import { type FieldViews, yesNo } from '@/shared/history/fieldViews';
import { pathTo } from '@/shared/paths';
import { Field } from '@/ui/Field';
import { toast } from '@/ui/toasts';

const REQUIRED = requiredMarkers(templateFields, []);

interface TemplateValues {
  locked: 0 | 1;
  lock_pages: 0 | 1;
  is_allowed_children: 0 | 1;
}

/** The template's own fields as its builder labels them, for the History panel. */
const TEMPLATE_VIEWS: FieldViews = {
  locked: { label: 'Locked', format: yesNo },
  lock_pages: { label: 'Lock pages made from it', format: yesNo },
  is_allowed_children: { label: 'Pages made from it may hold children', format: yesNo },
};

interface Loaded {
  options: BuilderOptions;
  start: BuilderStart<TemplateValues>;
}

/** A stored template (or one of its revisions) as the builder starts from it. */
function templateStart(record: Template): BuilderStart<TemplateValues> {
  return {
    id: record.id,
    updatedAt: record.updated_at,
    name: record.name,
    slug: '',
    items: record.items,
    values: {
      locked: record.locked,
      lock_pages: record.lock_pages,
      is_allowed_children: record.is_allowed_children,
    },
    locked: record.locked === 1,
  };
}

async function loadTemplate(id: number | null): Promise<Loaded> {
  const optionsLoad = loadBuilderOptions();
  const record = id === null ? null : (await api.templates.edit({ query: { id } })).data;
  const { failures, ...options } = await optionsLoad;
  for (const message of failures) toast.error(message);
  if (!record) {
    return {
      options,
      start: newStart<TemplateValues>({ locked: 0, lock_pages: 0, is_allowed_children: 0 }),
    };
  }
  return { options, start: templateStart(record) };
}

/** /templates/add and /templates/edit/{id}: one builder serves both (spec §2 Templates). */
export default function TemplateBuilderScreen() {
  return (
    <BuilderScreen
      noun="template"
      listHref={pathTo('templates.index')}
      load={(_editing, id) => loadTemplate(id)}
      Builder={TemplateBuilder}
    />
  );
}

function TemplateBuilder({ options, start, reload }: Loaded & { reload: () => void }) {
  // Save needs the create or update call; the publish fields need publish (contract/permissions.ts).
  const createAllowed = useCallAllowed('templates.store');
  const updateAllowed = useCallAllowed('templates.update');
  // Templates are the group's: a scoped user reads them, and only a group-wide user saves one.
  const groupWide = useGroupWide();
  const saveRefused =
    (start.id === null ? createAllowed : updateAllowed).reason ?? (groupWide ? null : GROUP_TEMPLATES);
  const [, navigate] = useLocation();
  const calls: RecordCalls<TemplateValues> = {
    slugOf: async () => ({ slug: '' }),
    // A template's blocks are the ones a child page starts with, with the values they start with.
    store: (data) => api.templates.store({ body: { data } }),
    update: (id, data, updatedAt) => api.templates.update({ body: { id, data, updated_at: updatedAt } }),
    updatedAt: async (id) => (await api.templates.edit({ query: { id } })).data.updated_at,
    latest: async (id) => templateStart((await api.templates.edit({ query: { id } })).data),
    messages: { added: 'Successfully added template!', updated: 'Successfully updated template!' },
    afterAdd: () => navigate(pathTo('templates.index')),
    draftKey: draftKey('templates', start.id !== null ? 'edit' : 'add', start.id ?? undefined),
  };
  const id = start.id;
  const history: RecordHistory<TemplateValues> | undefined =
    id === null
      ? undefined
      : {
          list: (page) => api.templates.history({ query: { id, page } }),
          show: async (revision) =>
            templateStart((await api.templates.historyShow({ query: { id, revision } })).data),
          views: TEMPLATE_VIEWS,
        };
  return (
    <RecordBuilder
      saveRefused={saveRefused}
      start={start}
      calls={calls}
      title={start.id !== null ? 'Edit Template' : 'Add Template'}
      subtitle={start.id !== null ? start.name : undefined}
      backHref={pathTo('templates.index')}
      catalogue={options.catalogue}
      pasteTarget="template"
      lockedNote="This template is locked: its blocks cannot be added, moved or removed. Please contact an administrator for structural changes."
      required={REQUIRED}
      reload={reload}
      history={history}
      presence={id === null ? undefined : { record: `templates:${id}`, noun: 'this template' }}
      settings={({ values, change, name, onName, meta }) => (
        <>
          <Field field={meta('name')} label="Name" value={name} onChange={onName} maxLength={255} />
          {start.locked ? null : (
            <YesNoField
              field={meta('locked')}
              label="Locked"
              value={values.locked}
              onChange={(locked) => change({ locked })}
            />
          )}
          <YesNoField
            field={meta('lock_pages')}
            label="Lock pages made from it"
            value={values.lock_pages}
            onChange={(lock_pages) => change({ lock_pages })}
          />
          <YesNoField
            field={meta('is_allowed_children')}
            label="Pages made from it may hold children"
            value={values.is_allowed_children}
            onChange={(is_allowed_children) => change({ is_allowed_children })}
          />
        </>
      )}
    />
  );
}
