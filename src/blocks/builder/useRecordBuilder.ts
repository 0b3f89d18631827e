import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageItem } from '@/api/contract/blocks';
import type { Review } from '@/api/contract/workflows';
import { type BuilderDraft, draftOf, type PageFields, type ReviewCall } from '@/machines/builder';
import { describeFailure } from '@/machines/errors';
import type { Side } from '@/shared/blockMerge';
import type { RevisionPage } from '@/ui/history/HistoryButton';
import { toast } from '@/ui/toasts';
import { copyBlocks, MAX_COPIED } from '../clipboard';
import {
  isDraftAside,
  keepDraftAside,
  readDraft,
  releaseDraftAside,
  useBuilderDraft,
  writeDraft,
} from '../drafts';
import { useBuilderShortcuts } from '../useBuilderShortcuts';
import type { CopiedAside } from './ConflictDialog';
import { type RecordData, recordData } from './recordData';
import { type BuilderActor, useBuilderActor } from './useBuilderActor';
import { type SaveConflict, useSaveConflict } from './useSaveConflict';

/** Where a builder starts: a stored record, or a new one with its defaults (and a parent's template). */
export interface BuilderStart<V> {
  id: number | null;
  updatedAt: string | undefined;
  name: string;
  slug: string;
  items: readonly PageItem[];
  values: V;
  /** Stored as locked (or inheriting a lock): no structural changes (spec §4 Locked page). */
  locked: boolean;
  /** Where a page under a review workflow stands; null or absent otherwise. */
  review?: Review | null;
}

/** A record not stored yet: no name, and the blocks and values it starts with. */
export function newStart<V>(values: V, locked = false, items: readonly PageItem[] = []): BuilderStart<V> {
  return { id: null, updatedAt: undefined, name: '', slug: '', items, values, locked };
}

/** What a store or update answers: the record's id and new version, and the slug (or handle) it was given. */
export interface SavedRecord {
  id: number;
  updated_at: string;
  slug?: string;
  /** Where the page now stands in its review, for a page under a workflow. */
  review?: Review | null;
}

export interface RecordCalls<V> {
  slugOf: (name: string, id: number | null) => Promise<{ slug: string }>;
  store: (data: RecordData<V>) => Promise<SavedRecord>;
  update: (id: number, data: RecordData<V>, updatedAt: string | undefined) => Promise<SavedRecord>;
  /** The stored record's updated_at now, before saving over someone else's newer version. */
  updatedAt: (id: number) => Promise<string>;
  messages: { added: string; updated: string };
  /** After a new record is stored (the builder's changes are then saved, so nothing asks first). */
  afterAdd: (id: number) => void;
  /** Where unsaved work is kept in the browser (drafts.ts draftKey). */
  draftKey: string;
  /** The stored record now: after a 409 the editor's version is offered merged with it. */
  latest?: (
    id: number,
  ) => Promise<Pick<BuilderStart<object>, 'items' | 'name' | 'slug' | 'values' | 'updatedAt'>>;
  /**
   * A step of the page's review: submit, approve or request changes (pages under a workflow), with
   * the version the editor shows (what an approval approves).
   */
  review?: (call: ReviewCall, seen: string | undefined) => Promise<Review>;
}

export interface RecordBuilderState<V> {
  actor: BuilderActor;
  values: V;
  change: (change: Partial<V>) => void;
  isDirty: boolean;
  /** Unsaved work from an earlier visit is being offered back (restore or discard). */
  draftOffered: { savedAt: string } | null;
  /** A save refused because a newer version was saved meanwhile, while the editor is asked about it. */
  conflict: SaveConflict | null;
  closeConflict: () => void;
  /** Saves this editor's version over the newer one someone else saved. */
  keepMine: () => void;
  /**
   * Puts this editor's blocks on the block clipboard (to paste into the newer version once it is
   * loaded) and keeps their whole version as the page's draft in this browser.
   */
  copyAside: () => Promise<CopiedAside>;
  /**
   * Loads the newer version with `reload`, dropping this editor's version, or, once it was copied
   * aside, keeping their draft aside (neither offered back over the newer version nor removed).
   */
  takeTheirs: (reload: () => void) => void;
  save: () => void;
  /** Saves the editor's version merged with the newer one, with each question answered. */
  mergeAndSave: (answers: Record<string, Side>) => void;
}

/**
 * A page, form or template in the builder: the machine with the screen's own fields beside it,
 * what counts as unsaved, and the save with its toasts (bottom right, server message) and its 409.
 * `readOnly` (the user may not save it) opens it for reading: nothing changes, and unsaved work kept
 * in this browser from an earlier visit is neither offered nor removed.
 */
export function useRecordBuilder<V extends object>(
  start: BuilderStart<V>,
  calls: RecordCalls<V>,
  /** The record's revisions, newest first: after a 409 the newest says who saved meanwhile. */
  revisions?: (page: number) => Promise<RevisionPage>,
  readOnly = false,
): RecordBuilderState<V> {
  const updatedAt = useRef(start.updatedAt);
  // What the editor's changes are changes from: the version opened, then each version saved.
  const base = useRef<BuilderDraft>({
    items: start.items,
    name: start.name,
    slug: start.slug,
    fields: start.values as PageFields,
  });
  const actorRef = useRef<BuilderActor | null>(null);
  const { latest } = calls;
  const recordId = start.id;
  const conflict = useSaveConflict({
    actor: actorRef,
    base,
    updatedAt,
    latest: latest && recordId !== null ? () => latest(recordId) : undefined,
    revisions,
  });
  const copiedAside = useRef(false);
  // The editor copied their version aside and loaded this one instead: their draft stays stored.
  const [aside] = useState(() => isDraftAside(calls.draftKey));
  const [stored] = useState(() => (aside ? null : readDraft(calls.draftKey)));
  const { draftKey } = calls;
  useEffect(() => (aside ? () => releaseDraftAside(draftKey) : undefined), [aside, draftKey]);

  // The page's fields live in the machine beside its blocks, so undo, drafts and saving see them all.
  const actor = useBuilderActor(
    {
      items: start.items,
      locked: start.locked,
      readOnly,
      name: start.name,
      slug: start.slug,
      fields: start.values as PageFields,
      draft: stored?.draft ?? null,
      review: start.review ?? null,
    },
    {
      slugOf: (name) => calls.slugOf(name, start.id),
      save: async (draft) => {
        const data = recordData(draft.fields as V, draft);
        try {
          if (start.id === null) {
            const { id } = await calls.store(data);
            toast.success(calls.messages.added);
            calls.afterAdd(id);
            return undefined;
          }
          const saved = await calls.update(start.id, data, updatedAt.current);
          toast.success(calls.messages.updated);
          // The answer is the version the next save carries, and the slug the server kept or made.
          updatedAt.current = saved.updated_at;
          base.current = draft;
          if (saved.slug === undefined) return undefined;
          return {
            name: draft.name,
            slug: saved.slug,
            ...(saved.review === undefined ? {} : { review: saved.review }),
          };
        } catch (error) {
          const failure = describeFailure(error);
          if (failure.status === 409) conflict.met();
          else toast.error(failure.message, { placement: 'bottom' });
          throw error;
        }
      },
      ...(calls.review
        ? {
            review: async (call: ReviewCall) => {
              try {
                const review = await calls.review!(call, updatedAt.current);
                return review;
              } catch (error) {
                toast.error(describeFailure(error).message, { placement: 'bottom' });
                throw error;
              }
            },
          }
        : {}),
    },
  );
  actorRef.current = actor;
  const dropDraft = useBuilderDraft(calls.draftKey, actor, undefined, aside || readOnly);
  useBuilderShortcuts(actor.send, !readOnly);
  const values = useSelector(actor, (s) => s.context.fields) as V;
  const isDirty = useSelector(actor, (s) => s.context.changed);
  const offered = useSelector(actor, (s) => s.matches({ page: 'offered' }));

  const change = useCallback(
    (patch: Partial<V>) => {
      for (const [key, value] of Object.entries(patch))
        actor.send({ type: 'field.change', name: key, value });
    },
    [actor],
  );
  const save = useCallback(() => actor.send({ type: 'page.save' }), [actor]);
  const keepMine = () => {
    conflict.close();
    if (start.id === null) return;
    calls.updatedAt(start.id).then(
      (latest) => {
        updatedAt.current = latest;
        actor.send({ type: 'page.save' });
      },
      (error: unknown) => toast.error(describeFailure(error).message, { placement: 'bottom' }),
    );
  };
  const copyAside = async (): Promise<CopiedAside> => {
    const draft = draftOf(actor.getSnapshot().context);
    copiedAside.current = true;
    const kept = writeDraft(calls.draftKey, draft) === 'saved';
    const total = draft.items.length;
    const where = total === 0 ? 'none' : await copyBlocks(draft.items);
    return { copied: where === 'none' ? 0 : Math.min(total, MAX_COPIED), total, kept };
  };

  return {
    actor,
    values,
    change,
    isDirty,
    draftOffered: offered && stored ? { savedAt: stored.savedAt } : null,
    conflict: conflict.conflict,
    closeConflict: conflict.close,
    keepMine,
    copyAside,
    takeTheirs: (reload) => {
      conflict.close();
      if (copiedAside.current) keepDraftAside(calls.draftKey);
      else dropDraft();
      reload();
    },
    save,
    mergeAndSave: conflict.mergeAndSave,
  };
}
