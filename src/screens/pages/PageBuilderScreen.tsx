import type { Page } from '@/api/contract/pages';
import type { Template } from '@/api/contract/templates';
import { api } from '@/api/endpoints';
import type { BuilderOptions } from '@/blocks/builder/builderOptions';
import { ConfigurablesFields } from '@/blocks/builder/ConfigurablesFields';
import { BuilderScreen } from '@/blocks/builder/LoadedBuilder';
import { PageSettings } from '@/blocks/builder/PageSettings';
import { RecordBuilder } from '@/blocks/builder/RecordBuilder';
import { loadWithOptions, type ReviewedRecordArea, useReviewedRecord } from '@/blocks/builder/reviewedRecord';
import {
  DEFAULT_SETTINGS,
  PAGE_REQUIRED,
  type SettingsValues,
  settingsOf,
} from '@/blocks/builder/settingsValues';
import { type BuilderStart, newStart } from '@/blocks/builder/useRecordBuilder';
import { useCallAllowed } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { SharePreview } from './SharePreview';

interface Loaded {
  options: BuilderOptions;
  start: BuilderStart<SettingsValues>;
  parent: Page | null;
}

/** A new page under `parent` starts from the parent's child template (spec §4 New child page). */
async function childStart(parent: Page): Promise<BuilderStart<SettingsValues>> {
  let template: Template | null = null;
  if (parent.child_template_id !== null) {
    template = await api.templates
      .show({ query: { id: parent.child_template_id } })
      .then((r) => r.data)
      .catch(() => null);
  }
  const locked = template ? template.lock_pages : parent.locked;
  return newStart(
    {
      ...DEFAULT_SETTINGS,
      brand_id: parent.brand_id,
      is_allowed_children: template ? template.is_allowed_children : parent.is_allowed_children,
      locked,
    },
    locked === 1,
    template ? template.items : [],
  );
}

/** The pages' calls in the builder's terms. */
const pages: ReviewedRecordArea<Page, SettingsValues> = {
  area: 'pages',
  edit: (id) => api.pages.edit({ query: { id } }),
  store: (data, parent) => api.pages.store({ body: { data, parent } }),
  update: (id, data, updatedAt) => api.pages.update({ body: { id, data, updated_at: updatedAt } }),
  slug: (query) => api.pages.slug({ query }),
  history: (id, page) => api.pages.history({ query: { id, page } }),
  revision: async (id, revision) => (await api.pages.historyShow({ query: { id, revision } })).data,
  startOf: (record, review = null) => {
    const { items, name, slug, updated_at, ...rest } = record;
    return {
      id: record.id,
      updatedAt: updated_at,
      name,
      slug,
      items,
      values: settingsOf(rest),
      locked: record.locked === 1,
      review,
    };
  },
};

async function loadPage(editing: boolean, id: number | null): Promise<Loaded> {
  const { options, record, review } = await loadWithOptions(pages, id);
  if (editing && record) return { options, parent: null, start: pages.startOf(record, review) };
  if (record) return { options, parent: record, start: await childStart(record) };
  return { options, parent: null, start: newStart(DEFAULT_SETTINGS) };
}

/** /pages/add, /pages/add/{parent} and /pages/edit/{id}: the page builder (spec §2 Builder). */
export default function PageBuilderScreen() {
  return <BuilderScreen noun="page" listHref={pathTo('pages.index')} load={loadPage} Builder={PageBuilder} />;
}

function PageBuilder({ options, start, parent, reload }: Loaded & { reload: () => void }) {
  const wiring = useReviewedRecord(pages, {
    options,
    start,
    parent,
    reload,
    publishRefusedByRole: useCallAllowed('pages.publishable').reason,
  });
  return (
    <RecordBuilder
      {...wiring.builder}
      pasteTarget="page"
      required={PAGE_REQUIRED}
      preview={(values) => ({ kind: 'page', brandId: values.brand_id })}
      comments={start.id === null ? undefined : `pages:${start.id}`}
      actions={start.id !== null ? <SharePreview pageId={start.id} /> : null}
      settings={(fields) => (
        <>
          <PageSettings {...wiring.settings(fields)} />
          <ConfigurablesFields
            slug={fields.slug}
            values={fields.values.configurables}
            onChange={(configurables) => fields.change({ configurables })}
            errors={fields.errors}
          />
        </>
      )}
    />
  );
}
