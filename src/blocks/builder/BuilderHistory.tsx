import { type BuilderDraft, draftOf, type PageFields } from '@/machines/builder';
import type { Catalogue } from '@/shared/catalogue';
import type { FieldViews } from '@/shared/history/fieldViews';
import { firstField } from '@/ui/history/focusAfterDialogs';
import { HistoryButton, type HistorySource, type RevisionPage } from '@/ui/history/HistoryButton';
import { draftDiff } from './draftDiff';
import { type BuilderActor, useEditing } from './useBuilderActor';
import type { BuilderStart } from './useRecordBuilder';

/** A stored record's revisions, each read as the builder starts from the record. */
export interface RecordHistory<V extends object> {
  list: (page: number) => Promise<RevisionPage>;
  show: (revision: number) => Promise<BuilderStart<V>>;
  /** How the screen shows its own fields, so a comparison reads as the screen does. */
  views?: FieldViews;
}

export interface BuilderHistoryProps<V extends object> {
  actor: BuilderActor;
  history: RecordHistory<V>;
  /** The block types, so the blocks' fields are named as their editors name them. */
  catalogue: Catalogue;
  /** Where the builder's own fields are: the first takes focus once a revision is loaded. */
  fields: () => HTMLElement | null;
  /** Why the user may not change the record: its revisions are compared, never loaded. */
  readOnlyReason?: string | null;
}

/**
 * The builder's History: compares a revision with the blocks and fields the builder holds now
 * (saved or not) and loads it as one change undo takes back, keeping the version the builder
 * loaded, so saving it is checked like any other save.
 */
export function BuilderHistory<V extends object>({
  actor,
  history,
  catalogue,
  fields,
  readOnlyReason = null,
}: BuilderHistoryProps<V>) {
  const isEditing = useEditing(actor) !== null;
  const source: HistorySource<BuilderDraft> = {
    list: history.list,
    show: async (revision) => {
      const start = await history.show(revision);
      return { items: start.items, name: start.name, slug: start.slug, fields: start.values as PageFields };
    },
  };
  return (
    <HistoryButton
      source={source}
      current={() => draftOf(actor.getSnapshot().context)}
      compare={(revision, current) =>
        draftDiff(revision, current, { catalogue, ...(history.views ? { views: history.views } : {}) })
      }
      restore={(draft) => actor.send({ type: 'revision.load', draft })}
      focusAfterRestore={() => firstField(fields())}
      restoreBlocked={
        readOnlyReason ??
        (isEditing ? 'Close the open block first: a version can be loaded with no block open.' : null)
      }
    />
  );
}
