import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import type { Catalogue } from '@/shared/catalogue';
import { useRecordTitle } from '@/ui/documentTitle';
import type { FieldMeta } from '@/ui/formProps';
import { ReadOnlyFields } from '@/ui/forms/ReadOnlyFieldset';
import { onRecord, PresenceBar } from '@/ui/presence/PresenceBar';
import type { PasteTarget } from '../clipboard';
import { createLiveDraft, LiveDraftContext } from '../preview/liveDraft';
import type { PreviewSubject } from '../preview/PreviewPane';
import { PreviewToggle } from '../preview/PreviewToggle';
import { usePreviewOpen } from '../preview/previewPrefs';
import { BuilderFrame } from './BuilderFrame';
import { BuilderHistory, type RecordHistory } from './BuilderHistory';
import { offeredBlocks } from './builderOptions';
import { ConflictDialog } from './ConflictDialog';
import { CommentsButton, CommentsProvider } from './comments/CommentsProvider';
import { ErrorSummary } from './ErrorSummary';
import { ItemsPanel } from './ItemsPanel';
import { withoutDataPrefix } from './itemKeys';
import { mergeQuestions } from './mergeQuestions';
import { ReviewControls } from './ReviewControls';
import { metaFor } from './settingsValues';
import { UndoRedo } from './UndoRedo';
import { useEditing, useFieldErrors, useName, useSaving, useSlug } from './useBuilderActor';
import { type BuilderStart, type RecordCalls, useRecordBuilder } from './useRecordBuilder';

/** What a builder's own fields are drawn with. */
export interface RecordSettings<V> {
  values: V;
  change: (change: Partial<V>) => void;
  name: string;
  onName: (name: string) => void;
  /** The slug (or handle) the server made from the name. */
  slug: string;
  /** Field errors by field name, without the `data.` prefix. */
  errors: Record<string, string>;
  /** Field metadata (required marker, first error) by dotted name. */
  meta: (name: string) => FieldMeta;
}

export interface RecordBuilderProps<V extends object> {
  start: BuilderStart<V>;
  calls: RecordCalls<V>;
  title: string;
  subtitle?: string | undefined;
  backHref: string;
  /** Every block type the API knows. */
  catalogue: Catalogue;
  /** Offer a form's input blocks instead of page blocks. */
  forForms?: boolean;
  /** What kind of blocks a paste may bring in. */
  pasteTarget: PasteTarget;
  lockedNote?: string;
  /** Which fields show the required marker (requiredMarkers). */
  required: Record<string, boolean>;
  /** The record's own fields. */
  settings: (fields: RecordSettings<V>) => ReactNode;
  /** Loads the record again (after taking someone else's newer version). */
  reload: () => void;
  /**
   * Offer the live preview, of a page (its blocks as the site shows them on a page of its brand) or
   * of a form (as a visitor sees it, from its settings), from the record's values. Without it the
   * builder has no preview (templates).
   */
  preview?: (values: V) => PreviewSubject;
  /** Actions before Undo and Redo (Share preview). */
  actions?: ReactNode;
  /** A stored record's revisions, for its History panel; a new record has none. */
  history?: RecordHistory<V> | undefined;
  /**
   * Why the user's role may not save this record (its create or update call): Save says so, and the
   * builder is for reading only (docs/decisions/018): its fields read-only, its blocks opened only to
   * be read, nothing added, moved, removed, undone or loaded from the history.
   */
  saveRefused?: string | null;
  /**
   * A stored record as the presence stream names it (`pages:12`), and what it is called in the
   * sentence ('this page'): the builder shows who else has it open before anyone types.
   */
  presence?: { record: string; noun: string } | undefined;
  /** A stored page as comments name it (`pages:12`): the builder shows its comment threads. */
  comments?: string | undefined;
}

/** The preview and the site's components load with the pane, never with the builder. */
const PreviewPane = lazy(() => import('../preview/PreviewPane'));

function PreviewLoading() {
  return (
    <section aria-label="Preview" aria-busy="true">
      <p>Loading the preview…</p>
    </section>
  );
}

/** A page, form or template in the builder: its fields beside its blocks, saved with a 409 dialog. */
export function RecordBuilder<V extends object>({
  start,
  calls,
  title,
  subtitle,
  backHref,
  catalogue,
  forForms = false,
  pasteTarget,
  lockedNote,
  required,
  settings,
  reload,
  preview,
  actions,
  history,
  saveRefused = null,
  presence,
  comments,
}: RecordBuilderProps<V>) {
  const settingsRef = useRef<HTMLDivElement>(null);
  const [previewOpen, setPreviewOpen] = usePreviewOpen();
  const [liveDraft] = useState(createLiveDraft);
  const readOnly = saveRefused !== null;
  const builder = useRecordBuilder(start, calls, history?.list, readOnly);
  useRecordTitle(start.id !== null ? start.name : null);
  const { actor, values, change } = builder;
  const name = useName(actor);
  const slug = useSlug(actor);
  const isEditing = useEditing(actor) !== null;
  const isSaving = useSaving(actor);
  const errors = withoutDataPrefix(useFieldErrors(actor));
  const meta = metaFor(required, errors);
  const [offered] = useState(() => offeredBlocks(catalogue, forForms));
  const onName = (next: string) => actor.send({ type: 'name.change', name: next });

  const frame = (
    <BuilderFrame
      title={title}
      subtitle={subtitle}
      backHref={backHref}
      isEditing={isEditing}
      isSaving={isSaving}
      isDirty={builder.isDirty}
      draftOffered={builder.draftOffered}
      actor={actor}
      onSave={builder.save}
      saveRefused={saveRefused}
      actions={
        <>
          <ReviewControls actor={actor} />
          {actions}
          <CommentsButton />
          {history && start.id !== null ? (
            <BuilderHistory
              actor={actor}
              history={history}
              catalogue={catalogue}
              fields={() => settingsRef.current}
              readOnlyReason={saveRefused}
            />
          ) : null}
          {preview ? <PreviewToggle isOpen={previewOpen} onChange={setPreviewOpen} /> : null}
          {readOnly ? null : <UndoRedo actor={actor} />}
        </>
      }
      preview={
        preview && previewOpen ? (
          <Suspense fallback={<PreviewLoading />}>
            <PreviewPane actor={actor} liveDraft={liveDraft} subject={preview(values)} />
          </Suspense>
        ) : null
      }
      summary={
        <>
          {presence ? <PresenceBar record={presence.record} doing={onRecord(presence.noun)} /> : null}
          <ErrorSummary actor={actor} />
        </>
      }
      settings={
        <div ref={settingsRef} style={{ display: 'contents' }}>
          <ReadOnlyFields readOnly={readOnly}>
            {settings({ values, change, name, onName, slug, errors, meta })}
          </ReadOnlyFields>
        </div>
      }
      items={
        <ItemsPanel
          actor={actor}
          catalogue={catalogue}
          offered={offered}
          locked={start.locked}
          pasteTarget={pasteTarget}
          readOnlyReason={saveRefused}
          {...(lockedNote === undefined ? {} : { lockedNote })}
        />
      }
    >
      <ConflictDialog
        isOpen={builder.conflict !== null}
        // A stored record is named as its presence bar names it ('this page'); only those meet a 409.
        record={presence?.noun ?? 'this'}
        savedBy={builder.conflict?.savedBy ?? null}
        onCopyAside={builder.copyAside}
        onKeepMine={builder.keepMine}
        onTakeTheirs={() => builder.takeTheirs(reload)}
        onClose={builder.closeConflict}
        merge={
          builder.conflict?.merge
            ? {
                // The questions name fields and blocks' fields as the builder and its History do.
                questions: mergeQuestions(builder.conflict.merge, {
                  catalogue,
                  ...(history?.views ? { views: history.views } : {}),
                }),
                onMerge: builder.mergeAndSave,
              }
            : null
        }
      />
    </BuilderFrame>
  );
  return (
    <LiveDraftContext.Provider value={preview ? liveDraft : null}>
      {comments ? (
        <CommentsProvider record={comments} actor={actor}>
          {frame}
        </CommentsProvider>
      ) : (
        frame
      )}
    </LiveDraftContext.Provider>
  );
}
