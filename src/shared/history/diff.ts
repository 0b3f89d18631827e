/**
 * What differs between two versions of a record: its fields, its blocks, and within a text the
 * words inserted and deleted. Pure functions, shared by the console's History panel and anything
 * else that needs to say what changed.
 */

import { type FieldViews, formattedText, labelOf, patternOf, viewOf } from './fieldViews';

/** A run of words that both versions have, or that only the newer (added) or older (removed) has. */
export interface WordSegment {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Above this many token pairs the diff gives up finding common words inside the changed middle. */
const MAX_PAIRS = 4_000_000;

/** Words and the spaces between them, each its own token, so the text joins back exactly. */
export function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(segments: WordSegment[], kind: WordSegment['kind'], text: string): void {
  if (text === '') return;
  const last = segments.at(-1);
  if (last && last.kind === kind) last.text += text;
  else segments.push({ kind, text });
}

/** The longest common subsequence of `a` and `b`, as pairs of positions, in order. */
export function commonPairs<T>(
  a: readonly T[],
  b: readonly T[],
  same: (x: T, y: T) => boolean,
): [number, number][] {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] = same(a[i] as T, b[j] as T)
        ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
        : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(a[i] as T, b[j] as T)) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

/**
 * The words of `before` and `after` in reading order: kept, deleted ('removed') and inserted
 * ('added'). Joining the kept and removed segments gives `before`; the kept and added, `after`.
 */
export function wordDiff(before: string, after: string): WordSegment[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const segments: WordSegment[] = [];
  push(segments, 'same', a.slice(0, start).join(''));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const pairs =
    middleA.length * middleB.length > MAX_PAIRS ? [] : commonPairs(middleA, middleB, (x, y) => x === y);
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [middleA.length, middleB.length] as [number, number]]) {
    push(segments, 'removed', middleA.slice(i, pi).join(''));
    push(segments, 'added', middleB.slice(j, pj).join(''));
    if (pi < middleA.length) push(segments, 'same', middleA[pi] as string);
    i = pi + 1;
    j = pj + 1;
  }
  push(segments, 'same', a.slice(endA).join(''));
  return tidy(segments);
}

/**
 * A space alone between two changes reads better inside them ('old words' -> 'new text', not
 * 'old' ' ' 'words'): it joins the removed and the added text around it, removed text first.
 */
function tidy(segments: readonly WordSegment[]): WordSegment[] {
  type Group = { same: string } | { removed: string; added: string };
  const groups: Group[] = [];
  for (const segment of segments) {
    const last = groups.at(-1);
    if (segment.kind === 'same') groups.push({ same: segment.text });
    else if (last && !('same' in last)) last[segment.kind] += segment.text;
    else groups.push({ removed: '', added: '', [segment.kind]: segment.text } as Group);
  }
  const merged: Group[] = [];
  for (let k = 0; k < groups.length; k++) {
    const group = groups[k] as Group;
    const prev = merged.at(-1);
    const next = groups[k + 1];
    if (
      'same' in group &&
      /^\s+$/.test(group.same) &&
      prev &&
      !('same' in prev) &&
      next &&
      !('same' in next)
    ) {
      prev.removed += group.same + next.removed;
      prev.added += group.same + next.added;
      k++;
      continue;
    }
    merged.push(group);
  }
  const out: WordSegment[] = [];
  for (const group of merged) {
    if ('same' in group) push(out, 'same', group.same);
    else {
      push(out, 'removed', group.removed);
      push(out, 'added', group.added);
    }
  }
  return out;
}

/** A value as the editor shows it: text as is, yes/no, lists joined, nothing as ''. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map(valueText).join(', ');
  return JSON.stringify(value);
}

/** A field's value as its editor shows it: by the field's view where it has one, else plainly. */
export function fieldText(views: FieldViews, path: string, value: unknown): string {
  const format = viewOf(views, path)?.format;
  return (format ? formattedText(value, format) : null) ?? valueText(value);
}

/**
 * Every leaf of a record by dotted path ('meta.title', 'team.0.name'); a list of plain values
 * (files, a multiple select) stays one leaf, and so does an empty object or list.
 */
export function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  const isPlainList = Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null);
  const isObject = typeof value === 'object' && value !== null;
  const entries = isObject && !isPlainList ? Object.entries(value) : [];
  if (entries.length === 0) return prefix === '' ? {} : { [prefix]: value };
  const out: Record<string, unknown> = {};
  for (const [key, inner] of entries) Object.assign(out, flatten(inner, prefix ? `${prefix}.${key}` : key));
  return out;
}

/** 'meta.og_title' -> 'Meta › Og title'; 'team.0.name' -> 'Team › 1 › Name'. */
export const humanLabel = (path: string): string => labelOf({}, path);

/** One field that differs: its label, its text in each version, and the words that changed. */
export interface FieldChange {
  path: string;
  label: string;
  before: string;
  after: string;
  words: WordSegment[];
}

export interface FieldDiffOptions {
  /** How the editor shows its fields (labels, yes/no, dates, choices by name), by dotted path. */
  views?: FieldViews;
  /** Paths left out of the comparison (the version stamp, what the server makes itself). */
  ignore?: readonly string[];
  /** Paths whose values are never shown (passwords): only that they changed. */
  secret?: readonly string[];
}

/** Changes in the order their views are listed; those without a view keep their order, after them. */
function inViewOrder(changes: FieldChange[], views: FieldViews): FieldChange[] {
  const order = Object.keys(views);
  if (order.length === 0) return changes;
  const rank = (path: string) => {
    const pattern = patternOf(path);
    const at = order.findIndex((key) => pattern === key || pattern.startsWith(`${key}.`));
    return at < 0 ? order.length : at;
  };
  // Array.prototype.sort is stable: changes of one rank keep their order.
  return changes
    .map((change) => ({ change, rank: rank(change.path) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ change }) => change);
}

/** What a secret field shows in place of its values. */
export const SECRET_BEFORE = 'Hidden';
export const SECRET_AFTER = 'Hidden (changed)';

const ignored = (path: string, ignore: readonly string[]) =>
  ignore.some((skip) => path === skip || path.startsWith(`${skip}.`));

/**
 * The fields whose text differs between `before` and `after`, with the words inserted and
 * deleted: in the order the views list them (the order of the form), then in the order `after`
 * has them (then any only `before` has).
 */
export function fieldsDiff(before: unknown, after: unknown, options: FieldDiffOptions = {}): FieldChange[] {
  const { views = {}, ignore = [], secret = [] } = options;
  const old = flatten(before);
  const next = flatten(after);
  const paths = [...new Set([...Object.keys(next), ...Object.keys(old)])];
  const changes: FieldChange[] = [];
  for (const path of paths) {
    if (ignored(path, ignore)) continue;
    const was = fieldText(views, path, old[path]);
    const is = fieldText(views, path, next[path]);
    if (was === is) continue;
    const label = labelOf(views, path);
    if (ignored(path, secret)) {
      const words = wordDiff(SECRET_BEFORE, SECRET_AFTER);
      changes.push({ path, label, before: SECRET_BEFORE, after: SECRET_AFTER, words });
      continue;
    }
    changes.push({ path, label, before: was, after: is, words: wordDiff(was, is) });
  }
  return inViewOrder(changes, views);
}

/** A block as compared: who it is (when it has an identity), its kind, its name and its fields. */
export interface DiffBlock {
  id?: string | number | undefined;
  /** The block's type ('hero', 'text'): blocks of one type are compared with each other. */
  type: string;
  /** What the editor calls it ('Hero banner'). */
  name: string;
  fields: Readonly<Record<string, unknown>>;
  /** How the block's editor shows its fields, in place of the views the comparison was given. */
  views?: FieldViews;
}

export type BlockChange =
  | { kind: 'added'; name: string; at: number }
  | { kind: 'removed'; name: string; at: number }
  | {
      kind: 'moved' | 'edited' | 'movedAndEdited';
      name: string;
      /** Where it was (before) and where it is (after), from 0. */
      from: number;
      at: number;
      fields: FieldChange[];
    };

/**
 * Pairs each block of `before` with the same block in `after`. Blocks with an identity pair by
 * it. Blocks without one pair by type in reading order (the longest run of types both lists
 * share keeps its places); a block left over pairs with one of its type left over on the other
 * side, in order, and has moved.
 */
function pairBlocks(before: readonly DiffBlock[], after: readonly DiffBlock[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const hasId = (block: DiffBlock) => block.id !== undefined && block.id !== null && block.id !== '';
  const afterById = new Map<string | number, number>();
  after.forEach((block, j) => {
    if (hasId(block)) afterById.set(block.id as string | number, j);
  });
  before.forEach((block, i) => {
    const j = hasId(block) ? afterById.get(block.id as string | number) : undefined;
    if (j !== undefined) pairs.set(i, j);
  });
  const takenAfter = new Set(pairs.values());
  const restA = before.map((_, i) => i).filter((i) => !pairs.has(i) && !hasId(before[i] as DiffBlock));
  const restB = after.map((_, j) => j).filter((j) => !takenAfter.has(j) && !hasId(after[j] as DiffBlock));
  const inOrder = commonPairs(restA, restB, (i, j) => before[i]?.type === after[j]?.type);
  for (const [x, y] of inOrder) pairs.set(restA[x] as number, restB[y] as number);
  const used = new Set(pairs.values());
  for (const i of restA) {
    if (pairs.has(i)) continue;
    const j = restB.find((candidate) => !used.has(candidate) && after[candidate]?.type === before[i]?.type);
    if (j === undefined) continue;
    pairs.set(i, j);
    used.add(j);
  }
  return pairs;
}

/**
 * Which blocks were added, removed, moved or edited between `before` and `after` (and for the
 * edited ones, which fields), in the order of `after`, with removed blocks where they stood.
 * A block has moved when it left the longest run of paired blocks that kept their order.
 */
export function blocksDiff(
  before: readonly DiffBlock[],
  after: readonly DiffBlock[],
  options: FieldDiffOptions = {},
): BlockChange[] {
  const pairs = pairBlocks(before, after);
  const paired = [...pairs.entries()].sort((x, y) => x[0] - y[0]);
  const steady = new Set(
    commonPairs(
      paired.map(([, j]) => j),
      [...paired.map(([, j]) => j)].sort((x, y) => x - y),
      (x, y) => x === y,
    ).map(([k]) => paired[k]?.[0] as number),
  );
  const byAfter = new Map([...pairs.entries()].map(([i, j]) => [j, i]));
  const changes: { order: number; change: BlockChange }[] = [];
  after.forEach((block, j) => {
    const i = byAfter.get(j);
    if (i === undefined) {
      changes.push({ order: j, change: { kind: 'added', name: block.name, at: j } });
      return;
    }
    const old = before[i] as DiffBlock;
    const fields = fieldsDiff(
      { name: old.name, ...old.fields },
      { name: block.name, ...block.fields },
      {
        ...options,
        views: block.views ?? options.views ?? {},
      },
    );
    const moved = !steady.has(i);
    if (!moved && fields.length === 0) return;
    const kind = moved ? (fields.length ? 'movedAndEdited' : 'moved') : 'edited';
    changes.push({ order: j, change: { kind, name: block.name, from: i, at: j, fields } });
  });
  before.forEach((block, i) => {
    if (pairs.has(i)) return;
    // A removed block is listed where it stood: after what is now before it.
    changes.push({ order: i - 0.5, change: { kind: 'removed', name: block.name, at: i } });
  });
  return changes.sort((x, y) => x.order - y.order).map((entry) => entry.change);
}

/** Everything that differs between two versions of a record. */
export interface RecordDiff {
  fields: FieldChange[];
  blocks: BlockChange[];
}

/** A version as compared: its fields, and its blocks when it has any. */
export interface Comparable {
  fields: unknown;
  blocks?: readonly DiffBlock[];
}

/** What changed from `before` (a revision) to `after` (what the editor holds now). */
export function recordDiff(
  before: Comparable,
  after: Comparable,
  options: FieldDiffOptions = {},
): RecordDiff {
  return {
    fields: fieldsDiff(before.fields, after.fields, options),
    blocks: blocksDiff(before.blocks ?? [], after.blocks ?? [], options),
  };
}

export const isSameRecord = (diff: RecordDiff) => diff.fields.length === 0 && diff.blocks.length === 0;
