import type { PageItem } from '@/api/contract/blocks';
import type { Review } from '@/api/contract/workflows';

/**
 * The page-wide fields the screen edits beside the blocks (meta, published, brand, a form's
 * e-mails, a template's flags...), by name. The machine keeps them, undoes them and saves them;
 * what each one means is the screen's business.
 */
export type PageFields = Readonly<Record<string, unknown>>;

/**
 * What the builder saves, and what is kept in the browser while it is not saved: the blocks,
 * the name and slug, and the screen's other fields.
 */
export interface BuilderDraft {
  items: readonly PageItem[];
  name: string;
  slug: string;
  fields: PageFields;
}

/** One step of the undo history: everything an editor can change. */
export interface BuilderVersion {
  items: readonly PageItem[];
  /** The blocks' keys, one per block: who a block is across moves (a copy is someone new). */
  keys: readonly number[];
  name: string;
  fields: PageFields;
}

export interface BuilderContext {
  /** Replaced, never changed in place: a change copies the list and at most the one item it touches. */
  items: readonly PageItem[];
  /** A stable key per block, for React lists and drag and drop; a new, pasted or duplicated block gets a fresh one. */
  keys: readonly number[];
  /** The key the next new block gets. */
  nextKey: number;
  /** Position of the one item open in the editor; the page cannot be saved while one is. */
  editing: number | null;
  /** Earlier versions, oldest first (undo), and the ones undone, next first (redo). */
  past: readonly BuilderVersion[];
  future: readonly BuilderVersion[];
  /**
   * The page field the last change typed into ('name' or a field's name): typing on in the same
   * field amends that change, so one undo takes back a word typed, not one letter.
   */
  typing: string | null;
  /** Whether something changed since the page was opened or last saved (the work a reload would lose). */
  changed: boolean;
  /** Unsaved work kept from an earlier visit, offered back until it is restored or discarded. */
  draft: BuilderDraft | null;
  /** A locked page keeps its structure: no adding, moving, duplicating, pasting or removing blocks. */
  locked: boolean;
  /**
   * The user may not save this record (their role cannot change it): it opens for reading only, its
   * blocks open and close, and nothing changes, so nothing is offered back, undone or saved.
   */
  readOnly: boolean;
  name: string;
  slug: string;
  fields: PageFields;
  /** The message of the last failed save; what the editor did is kept. */
  error: string | null;
  fieldErrors: Record<string, string>;
  conflict: boolean;
  /** Where the page stands in its review workflow; null for a page under none (it publishes freely). */
  review: Review | null;
  /** Why the last submit, approval or request for changes failed. */
  reviewError: string | null;
}

/** What a save answers about the slug: the one the server gave the page saved under `name`. */
export interface SavedSlug {
  name: string;
  slug: string;
  /** Where the page stands in its review after the save (an approved page edited is a draft again). */
  review?: Review | null;
}

/** A step of the review the builder asks the server for. */
export type ReviewCall =
  | { action: 'submit' }
  | { action: 'approve'; comment?: string }
  | { action: 'requestChanges'; comment: string };

export interface BuilderInput {
  items?: readonly PageItem[];
  locked?: boolean;
  /** Opened by someone who may only read it. */
  readOnly?: boolean;
  name?: string;
  slug?: string;
  fields?: PageFields;
  /** Unsaved work found in the browser for this page: offered back before anything else happens. */
  draft?: BuilderDraft | null;
  /** The page's review, for a page under a workflow. */
  review?: Review | null;
}

export type BuilderEvent =
  | { type: 'item.add'; item: PageItem }
  | { type: 'item.edit'; at: number }
  | { type: 'item.cancel' }
  | { type: 'item.save'; item: PageItem }
  | { type: 'item.move'; from: number; to: number }
  | { type: 'item.remove'; at: number }
  | { type: 'item.duplicate'; at: number }
  | { type: 'item.hide'; at: number; hidden: boolean }
  /** Blocks from the clipboard (already checked against the catalogue), inserted at `at` or at the end. */
  | { type: 'item.paste'; items: readonly PageItem[]; at?: number }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'name.change'; name: string }
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'draft.restore' }
  | { type: 'draft.discard' }
  /**
   * A stored revision of the record (from its history) loaded into the editor: unsaved changes
   * to review and save like any others, never while a block is open.
   */
  | { type: 'revision.load'; draft: BuilderDraft }
  | { type: 'page.save' }
  /** Sends the saved page to its workflow's first stage. */
  | { type: 'review.submit' }
  /** A reviewer of the stage approves it, with an optional note. */
  | { type: 'review.approve'; comment?: string }
  /** A reviewer of the stage sends it back, saying what should change. */
  | { type: 'review.requestChanges'; comment: string }
  /** The review as the server now has it (after a save, or read again). */
  | { type: 'review.loaded'; review: Review | null }
  /** Raised by the machine itself when undo or redo brings another name back. */
  | { type: 'slug.follow' };
