import type { Form } from '@/api/contract/forms';
import { api } from '@/api/endpoints';
import type { BuilderOptions } from '@/blocks/builder/builderOptions';
import { BuilderScreen } from '@/blocks/builder/LoadedBuilder';
import { PageSettings } from '@/blocks/builder/PageSettings';
import { RecordBuilder } from '@/blocks/builder/RecordBuilder';
import { loadWithOptions, type ReviewedRecordArea, useReviewedRecord } from '@/blocks/builder/reviewedRecord';
import { DEFAULT_SETTINGS, type SettingsValues, settingsOf } from '@/blocks/builder/settingsValues';
import { type BuilderStart, newStart } from '@/blocks/builder/useRecordBuilder';
import { useAccess } from '@/machines/session';
import { pathTo } from '@/shared/paths';
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

/** The forms' calls in the builder's terms: a form's handle is the builder's slug. */
const forms: ReviewedRecordArea<Form, FormBuilderValues> = {
  area: 'forms',
  edit: (id) => api.forms.edit({ query: { id } }),
  store: async (data, parent) => {
    const saved = await api.forms.store({ body: { data, parent } });
    return { ...saved, slug: saved.handle };
  },
  update: async (id, data, updatedAt) => {
    const saved = await api.forms.update({ body: { id, data, updated_at: updatedAt } });
    return { ...saved, slug: saved.handle };
  },
  slug: (query) => api.forms.slug({ query }),
  history: (id, page) => api.forms.history({ query: { id, page } }),
  revision: async (id, revision) => (await api.forms.historyShow({ query: { id, revision } })).data,
  startOf: (record, review = null) => {
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
  },
};

async function loadForm(editing: boolean, id: number | null): Promise<Loaded> {
  const { options, record, review } = await loadWithOptions(forms, id);
  if (editing && record) return { options, parent: null, start: forms.startOf(record, review) };
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
  const access = useAccess();
  const wiring = useReviewedRecord(forms, {
    options,
    start,
    parent,
    reload,
    views: FORM_MESSAGES_VIEWS,
    // Forms are published through their own update: the permission is asked of the role directly.
    publishRefusedByRole: access.can('publish', 'forms') ? null : access.reason('publish', 'forms'),
  });
  return (
    <RecordBuilder
      {...wiring.builder}
      forForms
      pasteTarget="form"
      required={FORM_REQUIRED}
      preview={(values) => ({ kind: 'form', brandId: values.brand_id, thankYou: values.thank_you })}
      settings={(fields) => (
        <>
          <PageSettings {...wiring.settings(fields)} />
          <FormMessages values={fields.values} onChange={fields.change} meta={fields.meta} />
        </>
      )}
    />
  );
}
