import { describe, expect, it } from 'vitest';
import type { BuilderItem } from '@/api/contract/builder';
import {
  BROKEN_BLOCK,
  CLIPBOARD_KEY,
  CLIPBOARD_TYPE,
  checkPaste,
  copyBlocks,
  envelopeOf,
  FORM_BLOCKS_ONLY,
  NOTHING_TO_PASTE,
  PAGE_BLOCKS_ONLY,
  parseEnvelope,
  readClipboard,
  UNKNOWN_BLOCK,
  watchClipboard,
} from '@/blocks/clipboard';
import { FORM_BLOCKS, PAGE_BLOCKS } from '@/shared/catalogue';
import { blankItem } from '@/shared/items';
import { Tabs } from './tabs';

const definition = (catalogue: Record<string, BuilderItem>, index: string) => catalogue[index] as BuilderItem;
const hero = { ...blankItem('hero', definition(PAGE_BLOCKS, 'hero')), name: 'Spring hero' };
const faq = blankItem('faq', definition(PAGE_BLOCKS, 'faq'));
const email = blankItem('input_email', definition(FORM_BLOCKS, 'input_email'));

/** The system clipboard, shared by every tab; `refuses` is a browser that denies reading it. */
class SystemClipboard {
  text = '';
  constructor(private readonly refuses: { read?: boolean; write?: boolean } = {}) {}
  async readText() {
    if (this.refuses.read) throw new DOMException('Read permission denied.', 'NotAllowedError');
    return this.text;
  }
  async writeText(text: string) {
    if (this.refuses.write) throw new DOMException('Document is not focused.', 'NotAllowedError');
    this.text = text;
  }
}

describe('copying and pasting blocks', () => {
  it('pastes blocks copied in one tab into a page in another tab', async () => {
    const clipboard = new SystemClipboard();
    const tabs = new Tabs();
    const first = tabs.open();
    const second = tabs.open();
    expect(await copyBlocks([hero, faq], { clipboard, storage: first.storage })).toBe('clipboard');
    expect(JSON.parse(clipboard.text)).toMatchObject({ type: CLIPBOARD_TYPE, version: 1 });
    const pasted = checkPaste(await readClipboard({ clipboard, storage: second.storage }), 'page');
    expect(pasted).toEqual({ ok: true, items: [hero, faq] });
    // Fresh copies: editing the pasted blocks leaves the copied ones alone.
    if (pasted.ok) expect(pasted.items[0]).not.toBe(hero);
  });

  it('falls back to the copy kept in this browser when the system clipboard cannot be used', async () => {
    const tabs = new Tabs();
    const first = tabs.open();
    const second = tabs.open();
    const refusing = new SystemClipboard({ read: true, write: true });
    expect(await copyBlocks([faq], { clipboard: refusing, storage: first.storage })).toBe('storage');
    expect(await readClipboard({ clipboard: refusing, storage: second.storage })).toMatchObject({
      items: [faq],
    });
    expect(await readClipboard({ clipboard: undefined, storage: second.storage })).toMatchObject({
      items: [faq],
    });
    // The system clipboard holding something else (text copied from an e-mail) is passed over.
    const holdingText = new SystemClipboard();
    holdingText.text = 'Opening hours: 9 to 5';
    expect(await readClipboard({ clipboard: holdingText, storage: second.storage })).toMatchObject({
      items: [faq],
    });
    expect(await copyBlocks([faq], { clipboard: undefined, storage: null })).toBe('none');
    expect(await readClipboard({ clipboard: undefined, storage: null })).toBeNull();
  });

  it('tells another tab that blocks were copied, so it can offer to paste them', async () => {
    const tabs = new Tabs();
    const first = tabs.open();
    const second = tabs.open();
    const heard: string[][] = [];
    const stop = watchClipboard((copied) => heard.push(copied.items.map((i) => i.name)), second.window);
    await copyBlocks([hero], { clipboard: undefined, storage: first.storage });
    first.storage.setItem('something-else', '{}');
    first.storage.setItem(CLIPBOARD_KEY, 'not blocks');
    stop();
    await copyBlocks([faq], { clipboard: undefined, storage: first.storage });
    expect(heard).toEqual([['Spring hero']]);
  });

  it('reads blocks from a paste event', () => {
    const data = new Map([
      ['text/plain', JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, items: [faq] })],
    ]);
    const event = { clipboardData: { getData: (type: string) => data.get(type) ?? '' } as DataTransfer };
    expect(envelopeOf(event)?.items).toEqual([faq]);
    expect(envelopeOf({ clipboardData: null })).toBeNull();
  });

  it('ignores clipboard text that is not copied blocks', () => {
    for (const text of [
      '',
      'hello',
      '{"type":"other"}',
      JSON.stringify({ type: CLIPBOARD_TYPE, version: 2, items: [faq] }),
      JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, items: [] }),
      JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, items: [{ name: 'No type' }] }),
    ])
      expect(parseEnvelope(text), text).toBeNull();
  });
});

describe('checking blocks before they are pasted', () => {
  const envelope = (items: unknown[]) =>
    parseEnvelope(JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, items }));

  it('takes form inputs only into forms, and content blocks only into pages and templates', () => {
    expect(checkPaste(envelope([email]), 'form')).toEqual({ ok: true, items: [email] });
    expect(checkPaste(envelope([hero]), 'template')).toEqual({ ok: true, items: [hero] });
    expect(checkPaste(envelope([email]), 'page')).toEqual({ ok: false, message: PAGE_BLOCKS_ONLY });
    expect(checkPaste(envelope([hero, email]), 'template')).toEqual({ ok: false, message: PAGE_BLOCKS_ONLY });
    expect(checkPaste(envelope([email, hero]), 'form')).toEqual({ ok: false, message: FORM_BLOCKS_ONLY });
  });

  it('refuses block types the catalogue no longer has, and blocks that break their definition', () => {
    const retired = { ...faq, index: 'retired_block' };
    expect(checkPaste(envelope([retired]), 'page')).toEqual({ ok: false, message: UNKNOWN_BLOCK });
    // Pasting into a builder whose catalogue (served by the API) lacks the type.
    expect(checkPaste(envelope([faq]), 'page', { hero: definition(PAGE_BLOCKS, 'hero') })).toEqual({
      ok: false,
      message: UNKNOWN_BLOCK,
    });
    const badAlignment = {
      ...hero,
      sections: {
        ...hero.sections,
        content: { hidden: false, entries: [], fields: { alignment: 'diagonal' } },
      },
    };
    expect(checkPaste(envelope([badAlignment]), 'page')).toEqual({ ok: false, message: BROKEN_BLOCK });
    expect(checkPaste(null, 'page')).toEqual({ ok: false, message: NOTHING_TO_PASTE });
  });
});
