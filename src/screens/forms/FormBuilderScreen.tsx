import { useLocation } from 'wouter';
import type { Form } from '@/api/contract/forms';
import type { Review } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import type { RecordHistory } from '@/blocks/builder/BuilderHistory';
import { type BuilderOptions, loadBuilderOptions } from '@/blocks/builder/builderOptions';
import { BuilderScreen } from '@/blocks/builder/LoadedBuilder';
import { PageSettings } from '@/blocks/builder/PageSettings';
import { RecordBuilder } from '@/blocks/builder/RecordBuilder';
import { publishRefusedByReview, reviewAfterSave, reviewStep } from '@/blocks/builder/reviewCalls';
import { DEFAULT_SETTINGS, type SettingsValues, settingsOf } from '@/blocks/builder/settingsValues';
import { pageSettingsViews } from '@/blocks/builder/settingsViews';
import { type BuilderStart, newStart, type RecordCalls } from '@/blocks/builder/useRecordBuilder';
import { draftKey } from '@/blocks/drafts';
import { useAccess, useCallAllowed, useGroupWide } from '@/machines/session';
import { GROUP_TOP_LEVEL } from '@/shared/access';
import { pathTo } from '@/shared/paths';
import { toast } from '@/ui/toasts';
import {
  DEFAULT_MESSAGES,
  FORM_MESSAGES_VIEWS,
  FORM_REQUIRED,
  FormMessages,
  type FormMessagesValues,
} from './FormMessages';

type FormBuilderValues = SettingsValues & FormMessagesValues;

interface Loaded {
  options: BuilderOptions;
  start: BuilderStart<FormBuilderValues>;
  parent: Form | null;
}

/** A stored form (or one of its revisions) as the builder starts from it. */
function formStart(record: Form, review: Review | null = null): BuilderStart<FormBuilderValues> {
  const { items, name, handle, updated_at, emails, thank_you, ...rest } = record;
  return {
    id: record.id,
    updatedAt: updated_at,
    name,
    slug: handle,
    items,
    values: {
      ...settingsOf(rest),
      emails: { ...emails, email_lists: emails.email_lists.join(', ') },
      thank_you,
    },
    locked: record.locked === 1,
    review,
  };
}

async function loadForm(editing: boolean, id: number | null): Promise<Loaded> {
  const optionsLoad = loadBuilderOptions();
  const answer = id === null ? null : await api.forms.edit({ query: { id } });
  const record = answer?.data ?? null;
  const { failures, ...options } = await optionsLoad;
  for (const message of failures) toast.error(message);
  if (editing && record) return { options, parent: null, start: formStart(record, answer?.review ?? null) };
  return {
    options,
    parent: record,
    start: newStart(
      {
        ...DEFAULT_SETTINGS,
        ...DEFAULT_MESSAGES,
        brand_id: record?.brand_id ?? null,
        locked: record?.locked ?? 0,
      },
      record?.locked === 1,
    ),
  };
}

/** /forms/add, /forms/add/{parent} and /forms/edit/{id}: the form builder (spec §2 Forms). */
export default function FormBuilderScreen() {
  return <BuilderScreen noun="form" listHref={pathTo('forms.index')} load={loadForm} Builder={FormBuilder} />;
}

function FormBuilder({ options, start, parent, reload }: Loaded & { reload: () => void }) {
  // Save needs the create or update call; the publish fields need publish (contract/permissions.ts).
  const createAllowed = useCallAllowed('forms.store');
  const updateAllowed = useCallAllowed('forms.update');
  // The top level is the group's: a scoped user adds under one of their brands' pages (the server's rule).
  const groupWide = useGroupWide();
  const access = useAccess();
  // Forms are published through their own update: the permission is asked of the role directly.
  // Under a workflow a form goes on the website by its review (Submit for review), not by Published.
  const publishRefused =
    publishRefusedByReview('forms', start.review) ??
    (access.can('publish', 'forms') ? null : access.reason('publish', 'forms'));
  const [, navigate] = useLocation();
  const calls: RecordCalls<FormBuilderValues> = {
    slugOf: (name, id) =>
      api.forms.slug({ query: { name, ...(id !== null ? { id } : parent ? { parent: parent.id } : {}) } }),
    store: async (data) => {
      const saved = await api.forms.store({ body: { data, parent: parent?.id ?? null } });
      return { ...saved, slug: saved.handle };
    },
    update: async (id, data, updatedAt) => {
      const saved = await api.forms.update({ body: { id, data, updated_at: updatedAt } });
      // Under a workflow, the save may have made an approved form a draft again.
      if (!start.review) return { ...saved, slug: saved.handle };
      return { ...saved, slug: saved.handle, review: await reviewAfterSave('forms', id) };
    },
    ...(start.id !== null && start.review ? { review: reviewStep('forms', start.id, reload) } : {}),
    updatedAt: async (id) => (await api.forms.edit({ query: { id } })).data.updated_at,
    latest: async (id) => formStart((await api.forms.edit({ query: { id } })).data),
    // Spec §8 names no toasts of its own for forms: one builder serves pages and forms, and says so alike.
    messages: { added: 'Successfully added form!', updated: 'Successfully updated form!' },
    afterAdd: () => navigate(pathTo('forms.index')),
    draftKey: draftKey('forms', start.id !== null ? 'edit' : 'add', start.id ?? parent?.id),
  };
  const id = start.id;
  const history: RecordHistory<FormBuilderValues> | undefined =
    id === null
      ? undefined
      : {
          list: (page) => api.forms.history({ query: { id, page } }),
          show: async (revision) =>
            formStart((await api.forms.historyShow({ query: { id, revision } })).data),
          views: { ...pageSettingsViews(options), ...FORM_MESSAGES_VIEWS },
        };
  return (
    <RecordBuilder
      saveRefused={
        start.id !== null
          ? updateAllowed.reason
          : (createAllowed.reason ?? (parent || groupWide ? null : GROUP_TOP_LEVEL))
      }
      start={start}
      calls={calls}
      title={start.id !== null ? 'Edit Form' : parent ? 'Add Child Form' : 'Add Form'}
      subtitle={start.id !== null ? start.name : parent ? `Under ${parent.name}` : undefined}
      backHref={pathTo('forms.index')}
      catalogue={options.catalogue}
      forForms
      presence={id === null ? undefined : { record: `forms:${id}`, noun: 'this form' }}
      pasteTarget="form"
      required={FORM_REQUIRED}
      reload={reload}
      history={history}
      preview={(values) => ({ kind: 'form', brandId: values.brand_id, thankYou: values.thank_you })}
      settings={({ values, change, name, onName, slug, meta }) => (
        <>
          <PageSettings
            values={values}
            onChange={change}
            name={name}
            onName={onName}
            slugLabel="Handle"
            slug={slug}
            brands={options.brands}
            templates={options.templates}
            meta={meta}
            locked={start.locked}
            publishRefused={publishRefused}
          />
          <FormMessages values={values} onChange={change} meta={meta} />
        </>
      )}
    />
  );
}
