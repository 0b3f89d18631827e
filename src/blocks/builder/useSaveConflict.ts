import { type RefObject, useContext, useState } from 'react';
import { type BuilderDraft, draftOf, type PageFields } from '@/machines/builder';
import { SessionContext } from '@/machines/session';
import type { Side } from '@/shared/blockMerge';
import type { RevisionPage } from '@/ui/history/HistoryButton';
import { toast } from '@/ui/toasts';
import { asksQuestions, type MergeOffer, mergedDraft, offerMerge } from './mergeOffer';
import type { BuilderActor } from './useBuilderActor';
import type { BuilderStart } from './useRecordBuilder';

/**
 * Who saved the version a save met: the signed-in user (in another tab or window), or someone
 * else, by name where the record's history says it.
 */
export type Saver = { kind: 'you' } | { kind: 'someone'; name: string | null };

/** A save refused because a newer version was saved meanwhile, as the editor is asked about it. */
export interface SaveConflict {
  savedBy: Saver;
  /** The editor's version merged with the newer one, when that could be loaded. */
  merge: MergeOffer | null;
}

type Latest = Pick<BuilderStart<object>, 'items' | 'name' | 'slug' | 'values' | 'updatedAt'>;

export interface ConflictSources {
  actor: RefObject<BuilderActor | null>;
  /** What the editor's changes are changes from: the version opened, then each version saved. */
  base: RefObject<BuilderDraft>;
  /** The version the next save carries. */
  updatedAt: RefObject<string | undefined>;
  /** The stored record now; without it nothing is merged and the editor chooses a whole version. */
  latest: (() => Promise<Latest>) | undefined;
  /** The record's revisions, newest first: the newest was made by whoever saved last. */
  revisions: ((page: number) => Promise<RevisionPage>) | undefined;
}

const draftOfLatest = (latest: Latest): BuilderDraft => ({
  items: latest.items,
  name: latest.name,
  slug: latest.slug,
  fields: latest.values as PageFields,
});

/** What the editor is told when their save was merged with the newer version without a question. */
export function mergedText(savedBy: Saver): string {
  if (savedBy.kind === 'you') return 'Merged with what you saved in another tab meanwhile.';
  return savedBy.name
    ? `Merged with what ${savedBy.name} saved meanwhile.`
    : 'Merged with what was saved meanwhile.';
}

/**
 * A builder's answer to a save refused with 409. It loads the newer version and who saved it,
 * and merges the editor's version with it: with nothing both changed differently, the merge is
 * saved at once (there is nothing to decide, and nobody's change is lost); otherwise the editor
 * is asked, told who saved meanwhile (the signed-in user in another tab is not someone else).
 */
export function useSaveConflict(sources: ConflictSources) {
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  // Outside a signed-in session (a builder drawn on its own) nobody is the saver.
  const session = useContext(SessionContext);

  const whoSaved = async (): Promise<Saver> => {
    const newest = sources.revisions
      ? await sources.revisions(1).then(
          (page) => page.data[0]?.user ?? null,
          () => null,
        )
      : null;
    const me = session?.getSnapshot().context.user?.id;
    if (newest && me !== undefined && newest.id === me) return { kind: 'you' };
    return { kind: 'someone', name: newest?.name ?? null };
  };

  /** Saves the merged version, each question answered, on top of the newer version. */
  const saveMerged = (offer: MergeOffer, answers: Record<string, Side>) => {
    const actor = sources.actor.current;
    if (!actor) return;
    const merged = mergedDraft(offer, answers, draftOf(actor.getSnapshot().context));
    // The newer version is what the merged changes are changes from, and what the save is checked against.
    sources.updatedAt.current = offer.updatedAt;
    sources.base.current = offer.theirs;
    actor.send({ type: 'revision.load', draft: merged });
    actor.send({ type: 'page.save' });
  };

  const met = async () => {
    setConflict(null);
    const [latest, savedBy] = await Promise.all([sources.latest?.().catch(() => null) ?? null, whoSaved()]);
    const actor = sources.actor.current;
    if (!latest || !actor) {
      setConflict({ savedBy, merge: null });
      return;
    }
    // Merged with what the editor holds now, changes made while the newer version loaded included.
    const mine = draftOf(actor.getSnapshot().context);
    const merge = offerMerge(sources.base.current, draftOfLatest(latest), mine, latest.updatedAt);
    // A block opened while the newer version loaded holds the page back from loading any version:
    // the dialog then offers the whole versions only, and saving again once it is closed merges.
    if (!actor.getSnapshot().can({ type: 'revision.load', draft: mergedDraft(merge, {}, mine) })) {
      setConflict({ savedBy, merge: null });
      return;
    }
    if (asksQuestions(merge)) {
      setConflict({ savedBy, merge });
      return;
    }
    toast.success(mergedText(savedBy));
    saveMerged(merge, {});
  };

  return {
    conflict,
    /** A save was refused with 409: merge with the newer version, or ask the editor. */
    met: () => void met(),
    close: () => setConflict(null),
    mergeAndSave: (answers: Record<string, Side>) => {
      if (!conflict?.merge) return;
      const offer = conflict.merge;
      setConflict(null);
      saveMerged(offer, answers);
    },
  };
}
