import { z } from 'zod';
import { type PageItem, pageItem } from '@/api/contract/blocks';
import { CATALOGUE, type Catalogue, FORM_BLOCKS, own } from '@/shared/catalogue';
import { validateItem } from '@/shared/schema';

/**
 * Copy and paste of blocks between pages, forms and templates, in one tab or across tabs.
 *
 * A copy goes to the system clipboard as a typed JSON envelope (so it can be pasted into another
 * tab or window of the console) and to localStorage, which is read when the system clipboard
 * cannot be (no permission, an insecure origin, a browser without the async clipboard API).
 * A paste checks the blocks against the catalogue: input blocks only into forms, content blocks
 * only into pages and templates, every block matching its definition. The checked blocks are
 * fresh copies; the builder machine gives them new keys (`item.paste`).
 *
 * Usage:
 *   await copyBlocks([item]);                                 // 'Copy' on a block
 *   const pasted = checkPaste(await readClipboard(), 'form', catalogue);
 *   if (pasted.ok) send({ type: 'item.paste', items: pasted.items, at });
 *   else toast(pasted.message);
 *   watchClipboard(() => setCanPaste(true));                  // a copy made in another tab
 */

export const CLIPBOARD_TYPE = 'dealership-console/blocks';
/** The localStorage key of the last copy. */
export const CLIPBOARD_KEY = 'builder-clipboard';
/** At most this many blocks are copied at once. */
export const MAX_COPIED = 300;

export type PasteTarget = 'page' | 'form' | 'template';

export const NOTHING_TO_PASTE = 'There are no copied blocks to paste.';
export const FORM_BLOCKS_ONLY = 'Only form inputs can be pasted into a form.';
export const PAGE_BLOCKS_ONLY = 'Form inputs can only be pasted into a form.';
export const UNKNOWN_BLOCK = 'Unable to find item, please refresh and try again.';
export const BROKEN_BLOCK = 'A copied block does not match its definition and was not pasted.';

const envelope = z.object({
  type: z.literal(CLIPBOARD_TYPE),
  version: z.literal(1),
  items: z.array(pageItem).min(1).max(MAX_COPIED),
});
export type ClipboardEnvelope = z.infer<typeof envelope>;

export type PasteResult = { ok: true; items: PageItem[] } | { ok: false; message: string };

interface ClipboardDeps {
  clipboard?: Pick<Clipboard, 'readText' | 'writeText'> | undefined;
  storage?: Storage | null;
}

interface ResolvedDeps {
  clipboard: Pick<Clipboard, 'readText' | 'writeText'> | undefined;
  storage: Storage | null;
}

function defaults(deps: ClipboardDeps): ResolvedDeps {
  let storage: Storage | null = null;
  try {
    storage =
      deps.storage !== undefined ? deps.storage : typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage switched off: the system clipboard alone.
  }
  const clipboard =
    'clipboard' in deps ? deps.clipboard : typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return { clipboard, storage };
}

/** The envelope in a piece of text, or null when it holds none. */
export function parseEnvelope(text: string | null | undefined): ClipboardEnvelope | null {
  if (!text) return null;
  try {
    const result = envelope.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * Copies `items`. Resolves to where the copy went: the system clipboard too, or this browser's
 * storage only (pasting then still works in every tab of this browser).
 */
export async function copyBlocks(
  items: readonly PageItem[],
  deps: ClipboardDeps = {},
): Promise<'clipboard' | 'storage' | 'none'> {
  const { clipboard, storage } = defaults(deps);
  const text = JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, items: items.slice(0, MAX_COPIED) });
  let kept: 'storage' | 'none' = 'none';
  try {
    storage?.setItem(CLIPBOARD_KEY, text);
    if (storage) kept = 'storage';
  } catch {
    // Full or switched off: the system clipboard may still take it.
  }
  try {
    if (clipboard) {
      await clipboard.writeText(text);
      return 'clipboard';
    }
  } catch {
    // Refused (no permission, the document not focused): the stored copy serves.
  }
  return kept;
}

/**
 * The blocks copied last: from the system clipboard when it holds blocks, else from this
 * browser's storage. Null when neither holds any.
 */
export async function readClipboard(deps: ClipboardDeps = {}): Promise<ClipboardEnvelope | null> {
  const { clipboard, storage } = defaults(deps);
  try {
    const fromClipboard = parseEnvelope(await clipboard?.readText());
    if (fromClipboard) return fromClipboard;
  } catch {
    // Reading refused: fall back to the stored copy.
  }
  try {
    return parseEnvelope(storage?.getItem(CLIPBOARD_KEY));
  } catch {
    return null;
  }
}

/** The blocks in a paste event's data (Ctrl/Cmd+V), where reading needs no permission. */
export function envelopeOf(event: Pick<ClipboardEvent, 'clipboardData'>): ClipboardEnvelope | null {
  return parseEnvelope(event.clipboardData?.getData('text/plain'));
}

/** Whether a block type belongs to forms (the input blocks a visitor fills). */
export function isFormBlock(index: string): boolean {
  return own(FORM_BLOCKS, index) !== undefined;
}

/**
 * Checks copied blocks before they are pasted into `target`: each must be a block type the
 * catalogue has, of the kind the target takes, and match its definition. Returns fresh copies.
 */
export function checkPaste(
  copied: ClipboardEnvelope | null,
  target: PasteTarget,
  catalogue: Catalogue = CATALOGUE,
): PasteResult {
  if (!copied || copied.items.length === 0) return { ok: false, message: NOTHING_TO_PASTE };
  const intoForm = target === 'form';
  for (const item of copied.items) {
    const definition = own(catalogue, item.index);
    if (!definition) return { ok: false, message: UNKNOWN_BLOCK };
    if (isFormBlock(item.index) !== intoForm)
      return { ok: false, message: intoForm ? FORM_BLOCKS_ONLY : PAGE_BLOCKS_ONLY };
    if (Object.keys(validateItem(item, definition)).length > 0) return { ok: false, message: BROKEN_BLOCK };
  }
  return { ok: true, items: copied.items.map((item) => structuredClone(item)) };
}

/**
 * Calls `onCopy` when another tab copies blocks (the storage event fires only in the other
 * tabs). Returns the function that stops listening.
 */
export function watchClipboard(
  onCopy: (copied: ClipboardEnvelope) => void,
  target: EventTarget = window,
): () => void {
  const listener = (event: Event) => {
    if (!(event instanceof StorageEvent)) return;
    if (event.key !== CLIPBOARD_KEY) return;
    const copied = parseEnvelope(event.newValue);
    if (copied) onCopy(copied);
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
