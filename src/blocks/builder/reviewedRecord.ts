import { useLocation } from 'wouter';
import type { Review } from '@/api/contract/workflows';
import { useCallAllowed, useGroupWide } from '@/machines/session';
import { GROUP_TOP_LEVEL } from '@/shared/access';
import type { FieldViews } from '@/shared/history/fieldViews';
import { pathTo } from '@/shared/paths';
import type { RevisionPage } from '@/ui/history/HistoryButton';
import { toast } from '@/ui/toasts';
import { draftKey } from '../drafts';
import type { RecordHistory } from './BuilderHistory';
import { type BuilderOptions, loadBuilderOptions } from './builderOptions';
import type { PageSettingsProps } from './PageSettings';
import type { RecordBuilderProps, RecordSettings } from './RecordBuilder';
import type { RecordData } from './recordData';
import { publishRefusedByReview, type ReviewedArea, reviewAfterSave, reviewStep } from './reviewCalls';
import type { SettingsValues } from './settingsValues';
import { pageSettingsViews } from './settingsViews';
import type { BuilderStart, RecordCalls, SavedRecord } from './useRecordBuilder';

/** What every reviewed record has, whatever its area. */
interface SavedShape {
  id: number;
  name: string;
  updated_at: string;
}

/**
 * How one area whose records go through review (pages, forms) reads and writes them: the calls
 * of its contract, each in the builder's terms. The rest of its builder's wiring is shared.
 */
export interface ReviewedRecordArea<R extends SavedShape, V extends SettingsValues> {
  area: ReviewedArea;
  /** The record as the builder edits it, and where it stands in its review. */
  edit: (id: number) => Promise<{ data: R; review: Review | null }>;
  store: (data: RecordData<V>, parent: number | null) => Promise<SavedRecord>;
  update: (id: number, data: RecordData<V>, updatedAt: string | undefined) => Promise<SavedRecord>;
  slug: (query: { name: string; id?: number; parent?: number }) => Promise<{ slug: string }>;
  history: (id: number, page: number) => Promise<RevisionPage>;
  /** One stored revision of the record, read as the record is. */
  revision: (id: number, revision: number) => Promise<R>;
  /** A stored record (or one of its revisions) as the builder starts from it. */
  startOf: (record: R, review?: Review | null) => BuilderStart<V>;
}

const nouns: Record<ReviewedArea, { noun: string; title: string }> = {
  pages: { noun: 'page', title: 'Page' },
  forms: { noun: 'form', title: 'Form' },
};

/**
 * The builder's options and, given an id, the record with its review: both asked for at once, and
 * an option list that could not be loaded said in a toast (the builder still opens without it).
 */
export async function loadWithOptions<R extends SavedShape, V extends SettingsValues>(
  area: ReviewedRecordArea<R, V>,
  id: number | null,
): Promise<{ options: BuilderOptions; record: R | null; review: Review | null }> {
  const optionsLoad = loadBuilderOptions();
  const answer = id === null ? null : await area.edit(id);
  const { failures, ...options } = await optionsLoad;
  for (const message of failures) toast.error(message);
  return { options, record: answer?.data ?? null, review: answer?.review ?? null };
}

export interface ReviewedRecordWiring<V extends SettingsValues> {
  /** The props of `RecordBuilder` that are the same for every reviewed area. */
  builder: Pick<
    RecordBuilderProps<V>,
    | 'start'
    | 'calls'
    | 'reload'
    | 'history'
    | 'saveRefused'
    | 'title'
    | 'subtitle'
    | 'backHref'
    | 'catalogue'
    | 'presence'
  >;
  /** The page-wide fields' props, from the builder's fields. */
  settings: (fields: RecordSettings<V>) => PageSettingsProps;
}

/**
 * What the page and form builders make alike of their area: the save, slug, conflict and review
 * calls, the history, who may save and publish, and the title. `publishRefusedByRole` is the
 * area's own answer (pages ask their publish call, forms their role).
 */
export function useReviewedRecord<R extends SavedShape, V extends SettingsValues>(
  area: ReviewedRecordArea<R, V>,
  props: {
    options: BuilderOptions;
    start: BuilderStart<V>;
    parent: R | null;
    reload: () => void;
    /** How the area's own fields read in a comparison of revisions, besides the page-wide ones. */
    views?: FieldViews;
    publishRefusedByRole: string | null;
  },
): ReviewedRecordWiring<V> {
  const { options, start, parent, reload } = props;
  const { noun, title } = nouns[area.area];
  // Save needs the create or update call; the publish fields need publish (contract/permissions.ts).
  const createAllowed = useCallAllowed(`${area.area}.store`);
  const updateAllowed = useCallAllowed(`${area.area}.update`);
  // The top level is the group's: a scoped user adds under one of their records (the server's rule).
  const groupWide = useGroupWide();
  const [, navigate] = useLocation();
  const listHref = pathTo(`${area.area}.index`);
  const id = start.id;
  const calls: RecordCalls<V> = {
    slugOf: (name, id) =>
      area.slug({ name, ...(id !== null ? { id } : parent ? { parent: parent.id } : {}) }),
    store: (data) => area.store(data, parent?.id ?? null),
    update: async (id, data, updatedAt) => {
      const saved = await area.update(id, data, updatedAt);
      // Under a workflow, the save may have made an approved record a draft again.
      if (!start.review) return saved;
      return { ...saved, review: await reviewAfterSave(area.area, id) };
    },
    ...(id !== null && start.review ? { review: reviewStep(area.area, id, reload) } : {}),
    updatedAt: async (id) => (await area.edit(id)).data.updated_at,
    latest: async (id) => area.startOf((await area.edit(id)).data),
    // Spec §8 names the page's toasts; one builder serves pages and forms, and says so alike.
    messages: { added: `Successfully added ${noun}!`, updated: `Successfully updated ${noun}!` },
    afterAdd: () => navigate(listHref),
    draftKey: draftKey(area.area, id !== null ? 'edit' : 'add', id ?? parent?.id),
  };
  const history: RecordHistory<V> | undefined =
    id === null
      ? undefined
      : {
          list: (page) => area.history(id, page),
          show: async (revision) => area.startOf(await area.revision(id, revision)),
          views: { ...pageSettingsViews(options), ...props.views },
        };
  // Under a workflow a record goes on the website by its review (Submit for review), not by Published.
  const publishRefused = publishRefusedByReview(area.area, start.review) ?? props.publishRefusedByRole;
  return {
    builder: {
      start,
      calls,
      reload,
      history,
      saveRefused:
        id !== null
          ? updateAllowed.reason
          : (createAllowed.reason ?? (parent || groupWide ? null : GROUP_TOP_LEVEL)),
      title: id !== null ? `Edit ${title}` : parent ? `Add Child ${title}` : `Add ${title}`,
      subtitle: id !== null ? start.name : parent ? `Under ${parent.name}` : undefined,
      backHref: listHref,
      catalogue: options.catalogue,
      presence: id === null ? undefined : { record: `${area.area}:${id}`, noun: `this ${noun}` },
    },
    settings: ({ values, change, name, onName, slug, meta }) => ({
      values,
      // V holds every page-wide field, so a change of some of them is a change of V.
      onChange: change as (change: Partial<SettingsValues>) => void,
      name,
      onName,
      slugLabel: area.area === 'forms' ? 'Handle' : 'Slug',
      slug,
      brands: options.brands,
      templates: options.templates,
      meta,
      locked: start.locked,
      publishRefused,
    }),
  };
}
