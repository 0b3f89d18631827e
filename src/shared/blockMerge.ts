import type { PageItem } from '@/api/contract/blocks';

/**
 * Three-way merge of a record's blocks and fields (issue #28's merge instead of "reload or
 * overwrite"): `base` is what an editor opened, `theirs` what someone else saved since, `mine`
 * what the editor holds now. Blocks are matched by their id (a block without one is new in that
 * version). What only one side changed is taken from it; what both changed the same way is
 * taken once; what both changed differently is asked about (a conflict). Pure: no clock, no
 * randomness, no I/O.
 */

/** Any value compared by its JSON, key order ignored. */
function same(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

/** A block both sides changed differently (or one changed and the other removed): null where removed. */
export interface BlockConflict {
  id: string;
  base: PageItem | null;
  theirs: PageItem | null;
  mine: PageItem | null;
}

/** One place in the merged list: a block settled, or a conflict to ask about. */
export type MergeSlot = { kind: 'block'; item: PageItem } | { kind: 'ask'; conflict: BlockConflict };

export interface BlocksMerged {
  slots: MergeSlot[];
  conflicts: BlockConflict[];
}

export type Side = 'mine' | 'theirs';

const idOf = (item: PageItem): string | undefined => item.id;

function byId(items: readonly PageItem[]): Map<string, PageItem> {
  const map = new Map<string, PageItem>();
  for (const item of items) {
    const id = idOf(item);
    if (id !== undefined && !map.has(id)) map.set(id, item);
  }
  return map;
}

/** Whether `version` keeps the blocks it shares with `base` in base's order. */
function keepsOrder(base: readonly PageItem[], version: readonly PageItem[]): boolean {
  const inBase = new Set(base.map(idOf));
  const shared = version.map(idOf).filter((id) => id !== undefined && inBase.has(id));
  const versionIds = new Set(shared);
  const baseShared = base.map(idOf).filter((id) => id !== undefined && versionIds.has(id));
  return same(shared, baseShared);
}

/**
 * The merged blocks. Order: the order of whichever side rearranged the blocks (theirs when both
 * did), with the other side's new blocks placed after the block they followed there.
 */
export function mergeBlocks(
  base: readonly PageItem[],
  theirs: readonly PageItem[],
  mine: readonly PageItem[],
): BlocksMerged {
  const b = byId(base);
  const t = byId(theirs);
  const m = byId(mine);

  /** What the merge decides for a block known by id: a block, nothing (removed), or a conflict. */
  const decide = (id: string): MergeSlot | null => {
    const inBase = b.get(id) ?? null;
    const inTheirs = t.get(id) ?? null;
    const inMine = m.get(id) ?? null;
    const theirsChanged = !same(inBase, inTheirs);
    const mineChanged = !same(inBase, inMine);
    let chosen: PageItem | null;
    if (!theirsChanged) chosen = inMine;
    else if (!mineChanged || same(inTheirs, inMine)) chosen = inTheirs;
    else return { kind: 'ask', conflict: { id, base: inBase, theirs: inTheirs, mine: inMine } };
    return chosen ? { kind: 'block', item: chosen } : null;
  };

  const mineLeads = keepsOrder(base, theirs) && !keepsOrder(base, mine);
  const [lead, other] = mineLeads ? [mine, theirs] : [theirs, mine];
  const leadIds = new Set(lead.map(idOf).filter((id): id is string => id !== undefined));

  // The lead's blocks in its order, then each block only the other side has (new there, or
  // removed by the lead) after the block it follows in the other side.
  const order: Array<{ id: string | undefined; item: PageItem }> = lead.map((item) => ({
    id: idOf(item),
    item,
  }));
  let previous = -1;
  for (const item of other) {
    const id = idOf(item);
    const at = id === undefined ? -1 : order.findIndex((entry) => entry.id === id);
    if (at !== -1) {
      previous = at;
      continue;
    }
    if (id !== undefined && leadIds.has(id)) continue;
    order.splice(previous + 1, 0, { id, item });
    previous += 1;
  }
  // Blocks only in the base (both removed them) are gone; blocks removed by one side but
  // changed by the other come back through `decide` only if they are in one side's list.
  const slots: MergeSlot[] = [];
  const seen = new Set<string>();
  for (const entry of order) {
    if (entry.id === undefined) {
      // A block new in one version, not saved yet: that side added it.
      slots.push({ kind: 'block', item: entry.item });
      continue;
    }
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    const slot = decide(entry.id);
    if (slot) slots.push(slot);
  }
  return { slots, conflicts: slots.flatMap((slot) => (slot.kind === 'ask' ? [slot.conflict] : [])) };
}

/** The merged blocks with each conflict answered (by the block's id); unanswered ones keep mine. */
export function resolveBlocks(merged: BlocksMerged, answers: Readonly<Record<string, Side>>): PageItem[] {
  return merged.slots.flatMap((slot) => {
    if (slot.kind === 'block') return [slot.item];
    const side = answers[slot.conflict.id] ?? 'mine';
    const chosen = side === 'mine' ? slot.conflict.mine : slot.conflict.theirs;
    return chosen ? [chosen] : [];
  });
}

/**
 * A field both sides changed differently. An object-valued field (a page's meta, its
 * configurables) is merged key by key, so `path` can lead into it: ['meta', 'title'].
 */
export interface FieldConflict {
  /** The path joined with dots ('meta.title'): how answers, labels and views name it. */
  name: string;
  path: readonly string[];
  base: unknown;
  theirs: unknown;
  mine: unknown;
}

export interface FieldsMerged {
  values: Record<string, unknown>;
  conflicts: FieldConflict[];
}

type Fields = Readonly<Record<string, unknown>>;

const isPlainObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The keys of three versions of an object merged each by itself (a conflict holds mine), so
 * that one side's change to one key and the other's to another both stay. A key that ends up
 * with no value is left out.
 */
function mergeKeys(
  path: readonly string[],
  base: Fields,
  theirs: Fields,
  mine: Fields,
  conflicts: FieldConflict[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(theirs), ...Object.keys(mine)])) {
    const value = mergeValue([...path, key], base[key], theirs[key], mine[key], conflicts);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

function mergeValue(
  path: readonly string[],
  inBase: unknown,
  inTheirs: unknown,
  inMine: unknown,
  conflicts: FieldConflict[],
): unknown {
  if (same(inBase, inTheirs)) return inMine;
  if (same(inBase, inMine) || same(inTheirs, inMine)) return inTheirs;
  // Both changed an object: only the keys both changed differently are a question. A list is a
  // value of its own (a multiple choice, files): its entries have no identity to merge by.
  if (isPlainObject(inTheirs) && isPlainObject(inMine) && (inBase === undefined || isPlainObject(inBase)))
    return mergeKeys(path, inBase ?? {}, inTheirs, inMine, conflicts);
  conflicts.push({ name: path.join('.'), path, base: inBase, theirs: inTheirs, mine: inMine });
  return inMine;
}

/** The record's own fields, each merged as a block is, by name (an object key by key). A conflict holds mine in `values`. */
export function mergeFields(base: Fields, theirs: Fields, mine: Fields): FieldsMerged {
  const conflicts: FieldConflict[] = [];
  const values = mergeKeys([], base, theirs, mine, conflicts);
  return { values, conflicts };
}

/** `values` with the value at `path` replaced (objects on the way copied, never changed in place). */
function withValueAt(
  values: Fields,
  [key, ...rest]: readonly string[],
  value: unknown,
): Record<string, unknown> {
  if (key === undefined) return { ...values };
  const inner =
    rest.length === 0 ? value : withValueAt(isPlainObject(values[key]) ? values[key] : {}, rest, value);
  const out: Record<string, unknown> = { ...values, [key]: inner };
  if (inner === undefined) delete out[key];
  return out;
}

/** The fields with each conflict answered (by name); unanswered ones keep mine. */
export function resolveFields(merged: FieldsMerged, answers: Readonly<Record<string, Side>>) {
  let values: Record<string, unknown> = { ...merged.values };
  for (const conflict of merged.conflicts)
    if ((answers[conflict.name] ?? 'mine') === 'theirs')
      values = withValueAt(values, conflict.path, conflict.theirs);
  return values;
}
