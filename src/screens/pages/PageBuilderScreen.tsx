import { useLocation } from 'wouter';
import type { Page } from '@/api/contract/pages';
import type { Template } from '@/api/contract/templates';
import type { Review } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import type { RecordHistory } from '@/blocks/builder/BuilderHistory';
import { type BuilderOptions, loadBuilderOptions } from '@/blocks/builder/builderOptions';
import { ConfigurablesFields } from '@/blocks/builder/ConfigurablesFields';
import { BuilderScreen } from '@/blocks/builder/LoadedBuilder';
import { PageSettings } from '@/blocks/builder/PageSettings';
import { RecordBuilder } from '@/blocks/builder/RecordBuilder';
import { publishRefusedByReview, reviewAfterSave, reviewStep } from '@/blocks/builder/reviewCalls';
import {
  DEFAULT_SETTINGS,
  PAGE_REQUIRED,
  type SettingsValues,
  settingsOf,
} from '@/blocks/builder/settingsValues';
import { pageSettingsViews } from '@/blocks/builder/settingsViews';
import { type BuilderStart, newStart, type RecordCalls } from '@/blocks/builder/useRecordBuilder';
import { draftKey } from '@/blocks/drafts';
import { useCallAllowed, useGroupWide } from '@/machines/session';
import { GROUP_TOP_LEVEL } from '@/shared/access';
import { pathTo } from '@/shared/paths';
import { toast } from '@/ui/toasts';
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

/** A stored page (or one of its revisions) as the builder starts from it. */
function pageStart(record: Page, review: Review | null = null): BuilderStart<SettingsValues> {
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
}

async function loadPage(editing: boolean, id: number | null): Promise<Loaded> {
  const optionsLoad = loadBuilderOptions();
  const answer = id === null ? null : await api.pages.edit({ query: { id } });
  const record = answer?.data ?? null;
  const { failures, ...options } = await optionsLoad;
  for (const message of failures) toast.error(message);
  if (editing && record) return { options, parent: null, start: pageStart(record, answer?.review ?? null) };
  if (record) return { options, parent: record, start: await childStart(record) };
  return {
    options,
    parent: null,
    start: newStart(DEFAULT_SETTINGS),
  };
}

/** /pages/add, /pages/add/{parent} and /pages/edit/{id}: the page builder (spec §2 Builder). */
export default function PageBuilderScreen() {
  return <BuilderScreen noun="page" listHref={pathTo('pages.index')} load={loadPage} Builder={PageBuilder} />;
}

function PageBuilder({ options, start, parent, reload }: Loaded & { reload: () => void }) {
  // Save needs the create or update call; the publish fields need publish (contract/permissions.ts).
  const createAllowed = useCallAllowed('pages.store');
  const updateAllowed = useCallAllowed('pages.update');
  // The top level is the group's: a scoped user adds under one of their brands' pages (the server's rule).
  const groupWide = useGroupWide();
  const publishRefusedByRole = useCallAllowed('pages.publishable').reason;
  // Under a workflow a page goes on the website by its review (Submit for review), not by Published.
  const publishRefused = publishRefusedByReview('pages', start.review) ?? publishRefusedByRole;
  const [, navigate] = useLocation();
  const calls: RecordCalls<SettingsValues> = {
    slugOf: (name, id) =>
      api.pages.slug({ query: { name, ...(id !== null ? { id } : parent ? { parent: parent.id } : {}) } }),
    store: (data) => api.pages.store({ body: { data, parent: parent?.id ?? null } }),
    update: async (id, data, updatedAt) => {
      const saved = await api.pages.update({ body: { id, data, updated_at: updatedAt } });
      // Under a workflow, the save may have made an approved page a draft again.
      if (!start.review) return saved;
      return { ...saved, review: await reviewAfterSave('pages', id) };
    },
    ...(start.id !== null && start.review ? { review: reviewStep('pages', start.id, reload) } : {}),
    updatedAt: async (id) => (await api.pages.edit({ query: { id } })).data.updated_at,
    latest: async (id) => pageStart((await api.pages.edit({ query: { id } })).data),
    messages: { added: 'Successfully added page!', updated: 'Successfully updated page!' },
    afterAdd: () => navigate(pathTo('pages.index')),
    draftKey: draftKey('pages', start.id !== null ? 'edit' : 'add', start.id ?? parent?.id),
  };
  const id = start.id;
  const history: RecordHistory<SettingsValues> | undefined =
    id === null
      ? undefined
      : {
          list: (page) => api.pages.history({ query: { id, page } }),
          show: async (revision) =>
            pageStart((await api.pages.historyShow({ query: { id, revision } })).data),
          views: pageSettingsViews(options),
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
      title={start.id !== null ? 'Edit Page' : parent ? 'Add Child Page' : 'Add Page'}
      subtitle={start.id !== null ? start.name : parent ? `Under ${parent.name}` : undefined}
      backHref={pathTo('pages.index')}
      catalogue={options.catalogue}
      pasteTarget="page"
      required={PAGE_REQUIRED}
      reload={reload}
      preview={(values) => ({ kind: 'page', brandId: values.brand_id })}
      history={history}
      presence={id === null ? undefined : { record: `pages:${id}`, noun: 'this page' }}
      comments={id === null ? undefined : `pages:${id}`}
      actions={start.id !== null ? <SharePreview pageId={start.id} /> : null}
      settings={({ values, change, name, onName, slug, errors, meta }) => (
        <>
          <PageSettings
            values={values}
            onChange={change}
            name={name}
            onName={onName}
            slugLabel="Slug"
            slug={slug}
            brands={options.brands}
            templates={options.templates}
            meta={meta}
            locked={start.locked}
            publishRefused={publishRefused}
          />
          <ConfigurablesFields
            slug={slug}
            values={values.configurables}
            onChange={(configurables) => change({ configurables })}
            errors={errors}
          />
        </>
      )}
    />
  );
}
