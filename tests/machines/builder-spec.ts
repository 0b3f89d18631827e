import type { SpecModel } from './model';

/**
 * The block builder as spec §2 Builder and §4 Locked page describe it, with undo, drafts and paste,
 * written without looking at the builder machine: the calls the console makes and what the
 * editor sees.
 *
 * - Blocks are added, pasted, moved, duplicated and removed only on an unlocked page; any page
 *   lets a block be edited (one at a time), hidden or shown where hideable.
 * - Every change of blocks, name or page fields can be undone and redone, but not while a block
 *   is open; typing on in the same field is one change; a new change empties the redo list.
 * - A block keeps its key through moves and undo; an added, pasted or duplicated one gets a new key.
 * - Work kept from an earlier visit is offered first: nothing else is taken until it is restored
 *   (a change that can be undone) or discarded.
 * - The slug is asked for 500 ms after the name stops changing (undo and redo included), never
 *   for an empty name; a failed answer keeps the slug.
 * - A revision loaded from the history replaces the blocks (each with a new key), the name, the
 *   slug and the page fields as one change that undo takes back; only with no block open, not
 *   while the page saves or earlier work is offered; nothing is saved and no slug is asked for.
 * - A page is saved only with no block open; nothing but the name changes while it saves; a
 *   failed save keeps everything and says why, a 409 says someone else changed the page.
 */

export const FAILURE = 'Server Error';
export const CONFLICT = 'Someone else changed this page. Reload it to see their changes.';
/** The tooltip on Save while a block is open (spec §4 Builder items), word for word. */
export const EDITING_LOCK = 'Please finish editing your item before saving.';

/** A block as the editor sees it in the list. */
export interface SpecBlock {
  name: string;
  hideable: boolean;
  hidden: boolean;
}

export const HERO: SpecBlock = { name: 'Hero', hideable: true, hidden: false };
export const FAQ: SpecBlock = { name: 'FAQ', hideable: false, hidden: false };
export const PASTED: SpecBlock = { name: 'Offers', hideable: true, hidden: false };

/** A stored revision of the page, as the History panel loads it. */
export const REVISION: SpecDraft = {
  blocks: [{ ...FAQ, name: 'FAQ of May' }],
  name: 'Used',
  slug: 'used-in-may',
  fields: { meta_title: 'May' },
};

export interface SpecDraft {
  blocks: SpecBlock[];
  name: string;
  slug: string;
  fields: Record<string, string>;
}

export interface BuilderSpecInput {
  blocks: SpecBlock[];
  locked: boolean;
  name: string;
  slug: string;
  fields: Record<string, string>;
  draft: SpecDraft | null;
}

export type BuilderSpecEvent =
  | { type: 'item.add'; block: SpecBlock }
  | { type: 'item.paste'; blocks: SpecBlock[]; at: number }
  | { type: 'item.edit'; at: number }
  | { type: 'item.cancel' }
  | { type: 'item.save'; block: SpecBlock }
  | { type: 'item.move'; from: number; to: number }
  | { type: 'item.remove'; at: number }
  | { type: 'item.duplicate'; at: number }
  | { type: 'item.hide'; at: number; hidden: boolean }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'name.change'; name: string }
  | { type: 'field.change'; name: string; value: string }
  | { type: 'draft.restore' }
  | { type: 'draft.discard' }
  | { type: 'revision.load'; draft: SpecDraft }
  | { type: 'page.save' }
  /** The open call answers, well or badly; or the editor stops typing for 500 ms. */
  | { type: 'slug.ok'; slug: string }
  | { type: 'slug.fail' }
  | { type: 'save.ok' }
  | { type: 'save.fail' }
  | { type: 'save.conflict' }
  | { type: 'time.passes' };

interface Keyed extends SpecBlock {
  key: number;
}

interface Version {
  blocks: Keyed[];
  name: string;
  fields: Record<string, string>;
}

export interface BuilderSpecState {
  locked: boolean;
  now: Version;
  undo: Version[];
  redo: Version[];
  /** The field typed into by the last change, while typing there goes on. */
  typing: string | null;
  /** Key of the open block. */
  open: number | null;
  nextKey: number;
  slug: string;
  slugCall: 'idle' | 'waiting' | 'asking';
  page: 'offered' | 'ready' | 'saving';
  saved: boolean;
  failed: boolean;
  error: string | null;
  conflict: boolean;
  changed: boolean;
  draft: SpecDraft | null;
  calls: Array<{ src: string; input: unknown }>;
}

export interface BuilderSeen {
  /** 'Hero #0', 'FAQ #1 (hidden)': name, key and whether it is hidden. */
  blocks: string[];
  open: number | null;
  name: string;
  slug: string;
  fields: Record<string, string>;
  canUndo: boolean;
  canRedo: boolean;
  canAdd: boolean;
  /** False shows EDITING_LOCK (or a save under way). */
  canSave: boolean;
  offered: boolean;
  pending: boolean;
  saved: boolean;
  failed: boolean;
  error: string | null;
  conflict: boolean;
  /** Leaving would lose work. */
  changed: boolean;
}

export const slugOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

export const shownBlock = (block: SpecBlock, key: number) =>
  `${block.name} #${key}${block.hidden ? ' (hidden)' : ''}`;

export interface SpecBounds {
  /** Most blocks on the page. */
  blocks: number;
  /** Most changes remembered. */
  history: number;
  /** Most keys handed out (blocks ever created). */
  keys: number;
}

export function builderSpec(
  input: BuilderSpecInput,
  /** The editor's actions the paths take. */
  offer: {
    blocks?: boolean;
    edit?: boolean;
    name?: boolean;
    fields?: boolean;
    save?: boolean;
    revision?: boolean;
  },
  bounds: SpecBounds,
): SpecModel<BuilderSpecState, BuilderSpecEvent, BuilderSeen> {
  const keyed = input.blocks.map((block, key) => ({ ...block, key }));
  const initial: BuilderSpecState = {
    locked: input.locked,
    now: { blocks: keyed, name: input.name, fields: input.fields },
    undo: [],
    redo: [],
    typing: null,
    open: null,
    nextKey: keyed.length,
    slug: input.slug,
    slugCall: 'idle',
    page: input.draft ? 'offered' : 'ready',
    saved: false,
    failed: false,
    error: null,
    conflict: false,
    changed: false,
    draft: input.draft,
    calls: [],
  };

  const position = (s: BuilderSpecState, key: number | null) =>
    key === null ? null : s.now.blocks.findIndex((b) => b.key === key);

  /** A new version of the page: remembered for undo unless typing goes on in the same field. */
  const change = (s: BuilderSpecState, next: Partial<Version>, typing: string | null = null) => {
    const amends = typing !== null && typing === s.typing;
    return {
      ...s,
      now: { ...s.now, ...next },
      undo: amends ? s.undo : [...s.undo, s.now],
      redo: [],
      typing,
      changed: true,
      saved: false,
      failed: false,
    };
  };

  const fresh = (s: BuilderSpecState, blocks: SpecBlock[]) =>
    blocks.map((block, i) => ({ ...block, key: s.nextKey + i }));

  /** The slug follows a new name after the pause; a call under way is dropped. */
  const follow = (s: BuilderSpecState, name: string): BuilderSpecState =>
    name === s.now.name ? s : { ...s, slugCall: 'waiting' };

  const call = (s: BuilderSpecState, src: string, input: unknown) => ({
    ...s,
    calls: [...s.calls, { src, input }],
  });

  const structural = (s: BuilderSpecState) => !s.locked;

  function step(s: BuilderSpecState, event: BuilderSpecEvent): BuilderSpecState {
    switch (event.type) {
      case 'slug.ok':
        return s.slugCall === 'asking' ? { ...s, slugCall: 'idle', slug: event.slug } : s;
      case 'slug.fail':
        return s.slugCall === 'asking' ? { ...s, slugCall: 'idle' } : s;
      case 'time.passes':
        if (s.slugCall !== 'waiting') return s;
        return s.now.name.trim() === ''
          ? { ...s, slugCall: 'idle' }
          : call({ ...s, slugCall: 'asking' }, 'slugOf', { name: s.now.name });
      case 'save.ok':
        return s.page === 'saving' ? { ...s, page: 'ready', saved: true } : s;
      case 'save.fail':
      case 'save.conflict':
        if (s.page !== 'saving') return s;
        return {
          ...s,
          page: 'ready',
          failed: true,
          changed: true,
          error: event.type === 'save.fail' ? FAILURE : CONFLICT,
          conflict: event.type === 'save.conflict',
        };
    }
    if (s.page === 'offered') {
      const draft = s.draft as SpecDraft;
      if (event.type === 'draft.discard') return { ...s, page: 'ready', draft: null };
      if (event.type !== 'draft.restore') return s;
      const restored = change(s, { blocks: fresh(s, draft.blocks), name: draft.name, fields: draft.fields });
      return {
        ...restored,
        page: 'ready',
        draft: null,
        slug: draft.slug,
        nextKey: s.nextKey + draft.blocks.length,
      };
    }
    if (event.type === 'name.change') {
      if (event.name === s.now.name) return s;
      return { ...change(s, { name: event.name }, 'name'), slugCall: 'waiting' };
    }
    // While the page is being saved, only the name can change.
    if (s.page === 'saving') return s;
    const blocks = s.now.blocks;
    const exists = (at: number) => at >= 0 && at < blocks.length;
    switch (event.type) {
      case 'item.add':
        if (!structural(s)) return s;
        return { ...change(s, { blocks: [...blocks, ...fresh(s, [event.block])] }), nextKey: s.nextKey + 1 };
      case 'item.paste': {
        if (!structural(s) || event.blocks.length === 0) return s;
        const next = [...blocks];
        next.splice(event.at, 0, ...fresh(s, event.blocks));
        return { ...change(s, { blocks: next }), nextKey: s.nextKey + event.blocks.length };
      }
      case 'item.duplicate': {
        const original = blocks[event.at];
        if (!structural(s) || !original) return s;
        const next = [...blocks];
        next.splice(event.at + 1, 0, ...fresh(s, [original]));
        return { ...change(s, { blocks: next }), nextKey: s.nextKey + 1 };
      }
      case 'item.remove': {
        const gone = blocks[event.at];
        if (!structural(s) || !gone) return s;
        return {
          ...change(s, { blocks: blocks.filter((b) => b !== gone) }),
          open: s.open === gone.key ? null : s.open,
        };
      }
      case 'item.move': {
        if (!structural(s) || event.from === event.to || !exists(event.from) || !exists(event.to)) return s;
        const next = blocks.filter((_, i) => i !== event.from);
        next.splice(event.to, 0, blocks[event.from] as Keyed);
        return change(s, { blocks: next });
      }
      case 'item.edit':
        return s.open === null && exists(event.at) ? { ...s, open: (blocks[event.at] as Keyed).key } : s;
      case 'item.cancel':
        return { ...s, open: null };
      case 'item.save': {
        if (s.open === null) return s;
        const key = s.open;
        return {
          ...change(s, { blocks: blocks.map((b) => (b.key === key ? { ...event.block, key } : b)) }),
          open: null,
        };
      }
      case 'item.hide': {
        const target = blocks[event.at];
        if (!target?.hideable || target.hidden === event.hidden) return s;
        return change(s, { blocks: blocks.map((b) => (b === target ? { ...b, hidden: event.hidden } : b)) });
      }
      case 'revision.load': {
        if (s.open !== null) return s;
        const { draft } = event;
        return {
          ...change(s, { blocks: fresh(s, draft.blocks), name: draft.name, fields: draft.fields }),
          slug: draft.slug,
          nextKey: s.nextKey + draft.blocks.length,
        };
      }
      case 'field.change':
        if (s.now.fields[event.name] === event.value) return s;
        return change(s, { fields: { ...s.now.fields, [event.name]: event.value } }, `field:${event.name}`);
      case 'history.undo': {
        const back = s.undo.at(-1);
        if (s.open !== null || !back) return s;
        return {
          ...follow(s, back.name),
          now: back,
          undo: s.undo.slice(0, -1),
          redo: [s.now, ...s.redo],
          typing: null,
          changed: true,
          saved: false,
          failed: false,
        };
      }
      case 'history.redo': {
        const forward = s.redo[0];
        if (s.open !== null || !forward) return s;
        return {
          ...follow(s, forward.name),
          now: forward,
          undo: [...s.undo, s.now],
          redo: s.redo.slice(1),
          typing: null,
          changed: true,
          saved: false,
          failed: false,
        };
      }
      case 'page.save':
        if (s.open !== null) return s;
        return call(
          {
            ...s,
            page: 'saving',
            saved: false,
            failed: false,
            error: null,
            conflict: false,
            typing: null,
            changed: false,
          },
          'save',
          {
            blocks: blocks.map(({ key: _key, ...b }) => b),
            name: s.now.name,
            slug: s.slug,
            fields: s.now.fields,
          },
        );
    }
    return s;
  }

  function next(s: BuilderSpecState): BuilderSpecEvent[] {
    const answers: BuilderSpecEvent[] = [];
    if (s.slugCall === 'waiting') answers.push({ type: 'time.passes' });
    if (s.slugCall === 'asking')
      answers.push({ type: 'slug.ok', slug: slugOf(s.now.name) }, { type: 'slug.fail' });
    if (s.page === 'saving')
      answers.push({ type: 'save.ok' }, { type: 'save.fail' }, { type: 'save.conflict' });
    if (s.page === 'offered') return [...answers, { type: 'draft.restore' }, { type: 'draft.discard' }];
    const events: BuilderSpecEvent[] = [];
    const blocks = s.now.blocks;
    const roomToChange = s.undo.length < bounds.history;
    const roomToGrow = roomToChange && blocks.length < bounds.blocks && s.nextKey < bounds.keys;
    if (offer.blocks) {
      if (roomToGrow) {
        events.push({ type: 'item.add', block: blocks.length === 0 ? HERO : FAQ });
        events.push({ type: 'item.paste', blocks: [PASTED], at: 0 });
        if (blocks.length > 0) events.push({ type: 'item.duplicate', at: 0 });
      }
      for (const at of [0, 1].filter((i) => i < blocks.length)) events.push({ type: 'item.edit', at });
      events.push({ type: 'item.cancel' });
      const open = blocks.find((b) => b.key === s.open);
      if (open && roomToChange)
        events.push({
          type: 'item.save',
          block: { ...open, name: `${open.name.replace(/ edited$/, '')} edited` },
        });
      if (roomToChange) {
        events.push({ type: 'item.move', from: 0, to: 1 }, { type: 'item.move', from: 1, to: 0 });
        events.push({ type: 'item.remove', at: 0 });
        events.push({ type: 'item.hide', at: 0, hidden: !(blocks[0]?.hidden ?? false) });
      }
    } else if (offer.edit) {
      if (s.open === null && blocks.length > 0) events.push({ type: 'item.edit', at: 0 });
      const open = blocks.find((b) => b.key === s.open);
      if (open && roomToChange)
        events.push({ type: 'item.save', block: { ...open, name: `${open.name} edited` } });
    }
    if (offer.name && (roomToChange || s.typing === 'name'))
      events.push({ type: 'name.change', name: s.now.name === 'Used' ? 'Used cars' : 'Used' });
    if (offer.fields && (roomToChange || s.typing === 'field:meta_title')) {
      const value = s.now.fields.meta_title === 'Spring' ? 'Spring offers' : 'Spring';
      events.push({ type: 'field.change', name: 'meta_title', value });
    }
    if (offer.revision && roomToChange && s.nextKey + REVISION.blocks.length <= bounds.keys)
      events.push({ type: 'revision.load', draft: REVISION });
    if (offer.save) events.push({ type: 'page.save' });
    events.push({ type: 'history.undo' }, { type: 'history.redo' });
    return [...answers, ...events];
  }

  const sees = (s: BuilderSpecState): BuilderSeen => ({
    blocks: s.now.blocks.map((b) => shownBlock(b, b.key)),
    open: position(s, s.open),
    name: s.now.name,
    slug: s.slug,
    fields: s.now.fields,
    canUndo: s.page === 'ready' && s.open === null && s.undo.length > 0,
    canRedo: s.page === 'ready' && s.open === null && s.redo.length > 0,
    canAdd: s.page === 'ready' && !s.locked,
    canSave: s.page === 'ready' && s.open === null,
    offered: s.page === 'offered',
    pending: s.page === 'saving',
    saved: s.saved,
    failed: s.failed,
    error: s.error,
    conflict: s.conflict,
    changed: s.changed,
  });

  return {
    initial,
    step,
    next,
    sees,
    calls: (s) => s.calls,
    key: ({ calls: _calls, ...rest }) => JSON.stringify(rest),
  };
}
