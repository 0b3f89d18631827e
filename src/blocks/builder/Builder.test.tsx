import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { PageItem } from '@/api/contract/blocks';
import { EDITING_LOCK_MESSAGE } from '@/machines/builder';
import type { BuilderDraft } from '@/machines/builder/types';
import { CATALOGUE } from '@/shared/catalogue';
import { BLOCK_ALWAYS_SHOWN } from '@/shared/hiding';
import { blankItem } from '@/shared/items';
import { validateItems } from '@/shared/schema';
import { clearAnnouncements } from '@/ui/announce';
import { LiveRegion } from '@/ui/LiveRegion';
import { CLIPBOARD_KEY, parseEnvelope } from '../clipboard';
import { DRAFT_PREFIX, readDraft } from '../drafts';
import { BuilderFrame } from './BuilderFrame';
import { UNKNOWN_ITEM_MESSAGE } from './ItemRow';
import { ItemsPanel } from './ItemsPanel';
import { withoutDataPrefix } from './itemKeys';
import { LoadedBuilder } from './LoadedBuilder';
import { PageSettings } from './PageSettings';
import { RecordBuilder } from './RecordBuilder';
import { DEFAULT_SETTINGS, metaFor, PAGE_REQUIRED } from './settingsValues';
import { useBuilderActor, useEditing, useFieldErrors } from './useBuilderActor';
import type { BuilderStart, RecordCalls } from './useRecordBuilder';

afterEach(() => clearAnnouncements());

const hero = () => blankItem('hero', CATALOGUE.hero!);
const richText = () => blankItem('rich_text', CATALOGUE.rich_text!);

/** The catalogue with one block type its definition says cannot be hidden. */
const FIXED_NOTICE = {
  ...CATALOGUE.rich_text!,
  name: 'Legal notice',
  hideable: { item: false, sections: [] },
};
const TEST_CATALOGUE = { ...CATALOGUE, legal_notice: FIXED_NOTICE };

interface HarnessProps {
  items?: PageItem[];
  locked?: boolean;
  save?: () => Promise<undefined>;
  /** Unsaved work kept in the browser, offered back first. */
  draft?: BuilderDraft;
}

/** The page builder's pieces around a real builder machine, with the calls faked. */
function Harness({
  items = [hero(), richText()],
  locked = false,
  save = async () => undefined,
  draft,
}: HarnessProps) {
  const actor = useBuilderActor(
    { items, locked, name: 'Home', slug: 'home', draft: draft ?? null },
    { slugOf: async () => ({ slug: 'home' }), save },
  );
  const offered = useSelector(actor, (snapshot) => snapshot.context.draft !== null);
  const isEditing = useEditing(actor) !== null;
  const errors = withoutDataPrefix(useFieldErrors(actor));
  const meta = metaFor(PAGE_REQUIRED, errors);
  return (
    <BuilderFrame
      title="Edit Page"
      backHref="/pages"
      isEditing={isEditing}
      isSaving={false}
      isDirty={false}
      onSave={() => actor.send({ type: 'page.save' })}
      actor={actor}
      draftOffered={offered ? { savedAt: '2026-03-02T10:00:00Z' } : null}
      settings={
        <PageSettings
          values={DEFAULT_SETTINGS}
          onChange={() => {}}
          name="Home"
          onName={() => {}}
          slugLabel="Slug"
          slug="home"
          brands={[{ id: 1, name: 'Kia' }]}
          templates={[]}
          meta={meta}
          locked={locked}
        />
      }
      items={
        <ItemsPanel
          actor={actor}
          catalogue={TEST_CATALOGUE}
          offered={['hero', 'rich_text']}
          locked={locked}
          pasteTarget="page"
        />
      }
    />
  );
}

function renderBuilder(props: HarnessProps = {}) {
  const location = memoryLocation({ path: '/pages/edit/1' });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Harness {...props} />
    </Router>,
  );
  return userEvent.setup();
}

/** The labels that show the required marker ('*', hidden from screen readers, which hear 'required'). */
const markedLabels = () =>
  [...document.querySelectorAll('[aria-hidden="true"]')]
    .filter((marker) => marker.textContent === '*')
    .map((marker) => marker.parentElement?.textContent?.replace(/\*$/, ''));

const pageSave = () => screen.getAllByRole('button', { name: 'Save' })[0]!;
const blockRow = (name: string) =>
  within(screen.getByRole('list', { name: 'Blocks' })).getByRole('listitem', { name });

describe('the page builder', { timeout: 20_000 }, () => {
  it('marks the page fields spec §5 requires, and only those', () => {
    renderBuilder();
    expect(markedLabels()).toEqual(['Brand', 'Name', 'Slug', 'Meta title', 'Meta description', 'Published']);
    for (const label of ['Locked', 'Child template', 'Sort children by', 'Sort direction']) {
      expect(screen.getAllByText(label).length, label).toBeGreaterThan(0);
    }
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveProperty('readOnly', true);
  });

  it('opens one block at a time with an editor per field type', async () => {
    const user = renderBuilder();
    await user.click(within(blockRow('Hero banner')).getByRole('button', { name: 'Edit Hero banner' }));
    const editor = screen.getByRole('region', { name: 'Edit Hero banner' });
    expect(within(editor).getByRole('textbox', { name: 'Title' })).toBeTruthy();
    expect(within(editor).getByRole('textbox', { name: 'Subtitle' }).tagName).toBe('TEXTAREA');
    expect(within(editor).getByRole('button', { name: /Alignment/ })).toBeTruthy();
    expect(within(editor).getByRole('button', { name: 'Add slide' })).toBeTruthy();
    // The other block cannot be opened meanwhile.
    expect(within(blockRow('Rich text')).getByRole('button', { name: 'Edit Rich text' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('keeps the page from being saved while a block is open, and says why', async () => {
    let saves = 0;
    const user = renderBuilder({
      save: async () => {
        saves++;
        return undefined;
      },
    });
    expect(pageSave().getAttribute('aria-disabled')).toBeNull();
    await user.click(within(blockRow('Hero banner')).getByRole('button', { name: 'Edit Hero banner' }));
    expect(pageSave().getAttribute('aria-disabled')).toBe('true');
    await user.click(pageSave());
    expect(saves).toBe(0);
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await user.tab();
    expect(document.activeElement).toBe(pageSave());
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe(EDITING_LOCK_MESSAGE));
    await user.click(
      within(screen.getByRole('region', { name: 'Edit Hero banner' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(pageSave().getAttribute('aria-disabled')).toBeNull();
    await user.click(pageSave());
    await waitFor(() => expect(saves).toBe(1));
  });

  it('on a locked page offers no structural change and says whom to ask', () => {
    renderBuilder({ locked: true });
    expect(screen.getByRole('note').textContent).toMatch(/contact an administrator for structural changes/);
    expect(screen.queryByRole('button', { name: 'Add block' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Remove|Move|Drag|Duplicate) / })).toBeNull();
    expect(screen.queryByText('Locked', { selector: 'label' })).toBeNull();
    expect(screen.queryByText('Child template', { selector: 'label' })).toBeNull();
    // Its blocks can still be edited.
    expect(within(blockRow('Hero banner')).getByRole('button', { name: 'Edit Hero banner' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('keeps a block whose type the catalogue no longer has, and says so', () => {
    const gone: PageItem = {
      index: 'retired',
      name: 'Old banner',
      hideable: { item: false, sections: [] },
      hidden: false,
      sections: {},
    };
    renderBuilder({ items: [gone, hero()] });
    const row = blockRow('Old banner');
    expect(within(row).getByRole('alert').textContent).toBe(UNKNOWN_ITEM_MESSAGE);
    expect(within(row).getByRole('button', { name: 'Edit Old banner' })).toHaveProperty('disabled', true);
  });

  it("shows a refused save's errors on the block and field they belong to", async () => {
    const user = renderBuilder({
      save: () =>
        Promise.reject(
          new ApiError(422, 'The given data was invalid.', {
            'data.items.1.sections.content.fields.body': ['Use at most 100,000 characters.'],
            'data.meta.title': ['Enter a meta title.'],
          }),
        ),
    });
    await user.click(pageSave());
    const errors = await within(blockRow('Rich text')).findByRole('list', { name: 'Errors in Rich text' });
    expect(errors.textContent).toBe('Use at most 100,000 characters.');
    expect(screen.getByRole('textbox', { name: 'Meta title' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(blockRow('Hero banner')).queryByRole('list')).toBeNull();
  });

  it("shows the errors of the API's block check on the blocks they belong to", async () => {
    const offCentre = hero();
    offCentre.sections.content!.fields.alignment = 'top';
    const items = [richText(), offCentre];
    // What the API answers: the same check, its paths starting where the blocks sit in the body.
    const { errors } = validateItems(items, CATALOGUE);
    expect(Object.keys(errors)).toEqual(['data.items.1.sections.content.fields.alignment']);
    const user = renderBuilder({
      items,
      save: () =>
        Promise.reject(
          new ApiError(
            422,
            'The given data was invalid.',
            Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, [message]])),
          ),
        ),
    });
    await user.click(pageSave());
    const heroErrors = await within(blockRow('Hero banner')).findByRole('list', {
      name: 'Errors in Hero banner',
    });
    expect(heroErrors.textContent).toBe('Choose one of the options.');
    expect(within(blockRow('Rich text')).queryByRole('list')).toBeNull();
  });

  it('moves, hides and removes blocks from their rows', async () => {
    const user = renderBuilder();
    const names = () =>
      within(screen.getByRole('list', { name: 'Blocks' }))
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label'));
    await user.click(screen.getByRole('button', { name: 'Move Rich text up' }));
    expect(names()).toEqual(['Rich text', 'Hero banner']);
    await user.click(screen.getByRole('button', { name: 'Hide Hero banner' }));
    expect(within(blockRow('Hero banner')).getByText('Hidden')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Rich text' }));
    expect(names()).toEqual(['Hero banner']);
  });

  it('moves focus after a removal to the block in its place, else the one before, else the list heading', async () => {
    const named = (name: string) => ({ ...richText(), name });
    const user = renderBuilder({ items: [named('First'), named('Second'), named('Third')] });
    await user.click(screen.getByRole('button', { name: 'Remove Second' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Third' })),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Third' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit First' })),
    );
    await user.click(screen.getByRole('button', { name: 'Remove First' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Blocks (0)' })),
    );
  });

  it('offers Hide only on blocks whose definition lets them be hidden', () => {
    renderBuilder({ items: [blankItem('legal_notice', FIXED_NOTICE), hero()] });
    expect(within(blockRow('Legal notice')).queryByRole('button', { name: /^(Hide|Show) / })).toBeNull();
    expect(within(blockRow('Hero banner')).getByRole('button', { name: 'Hide Hero banner' })).toBeTruthy();
  });

  it('keeps Hide off, saying why, on a block whose own flags keep it or a section shown', async () => {
    const alwaysShown = { ...hero(), hideable: { item: false, sections: [] } };
    render(<LiveRegion />);
    const user = renderBuilder({ items: [alwaysShown] });
    const hide = within(blockRow('Hero banner')).getByRole('button', { name: 'Hide Hero banner' });
    expect(hide.getAttribute('aria-disabled')).toBe('true');
    await user.hover(hide);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Hide Hero banner: This block always shows: it cannot be hidden.',
    );
    await user.unhover(hide);
    // From the keyboard too: Hide can be reached, its reason is its description, and pressing it
    // says the reason instead of hiding the block.
    await user.click(screen.getByRole('heading', { name: 'Blocks (1)' }));
    for (let tabs = 0; tabs < 20 && document.activeElement !== hide; tabs++) await user.tab();
    expect(document.activeElement).toBe(hide);
    await waitFor(() =>
      expect(document.getElementById(hide.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Hide Hero banner: This block always shows: it cannot be hidden.',
      ),
    );
    await user.keyboard('{Enter}');
    expect(within(blockRow('Hero banner')).queryByText('Hidden')).toBeNull();
    expect(document.querySelector('[data-announcer]')?.textContent).toBe(BLOCK_ALWAYS_SHOWN);
    act(() => clearAnnouncements());
    await user.click(screen.getByRole('button', { name: 'Edit Hero banner' }));
    const blockSwitch = screen.getByRole('switch', { name: 'Hide this block' }) as HTMLInputElement;
    expect(blockSwitch.disabled).toBe(true);
    expect(screen.getByText('This block always shows: it cannot be hidden.')).toBeTruthy();
    const sectionSwitch = screen.getByRole('switch', { name: 'Hide Button' }) as HTMLInputElement;
    expect(sectionSwitch.disabled).toBe(true);
    expect(screen.getByText('Button always shows: it cannot be hidden.')).toBeTruthy();
  });

  it('acts on the block pressed after others moved around it, and disables moves only at the ends', async () => {
    const named = (name: string) => ({ ...richText(), name });
    render(<LiveRegion />);
    const user = renderBuilder({ items: ['A', 'B', 'C', 'D'].map(named) });
    const names = () =>
      within(screen.getByRole('list', { name: 'Blocks' }))
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label'));
    const button = (name: string) => screen.getByRole('button', { name });
    await user.click(button('Move B down'));
    await user.click(button('Move B down'));
    expect(names()).toEqual(['A', 'C', 'D', 'B']);
    expect(button('Move B down')).toHaveProperty('disabled', true);
    expect(button('Move D down')).toHaveProperty('disabled', false);
    await user.click(button('Remove C'));
    expect(names()).toEqual(['A', 'D', 'B']);
    await user.click(button('Move D up'));
    expect(names()).toEqual(['D', 'A', 'B']);
    expect(button('Move D up')).toHaveProperty('disabled', true);
    expect(button('Move A up')).toHaveProperty('disabled', false);
    await user.click(button('Duplicate A'));
    expect(names()).toEqual(['D', 'A', 'A', 'B']);
    expect(document.querySelector('[data-announcer]')?.textContent).toContain(
      'A duplicated. The copy is below it.',
    );
    await user.click(button('Edit B'));
    expect(screen.getByRole('region', { name: 'Edit B' })).toBeTruthy();
  });

  it("shows a row action's tooltip on hover, as the button's description, until the pointer leaves", async () => {
    const user = renderBuilder();
    const copy = screen.getByRole('button', { name: 'Copy Hero banner' });
    await user.hover(copy);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Copy Hero banner to paste it into another page or tab');
    expect(copy.getAttribute('aria-describedby')).toBe(tooltip.id);
    await user.unhover(copy);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(copy.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('unsaved work offered back', { timeout: 20_000 }, () => {
  const kept = (): BuilderDraft => ({ items: [richText()], name: 'Home', slug: 'home', fields: {} });
  const announced = () => document.querySelector('[data-announcer]')?.textContent;

  it.each([
    ['Restore them', 'Your unsaved changes are back.', ['Rich text']],
    ['Discard them', 'Your unsaved changes were discarded.', ['Hero banner', 'Rich text']],
  ])('after %s, focus goes on to the first field and the outcome is said', async (button, said, blocks) => {
    render(<LiveRegion />);
    const user = renderBuilder({ draft: kept() });
    const offer = screen.getByRole('alert');
    await user.click(within(offer).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(
      within(screen.getByRole('list', { name: 'Blocks' }))
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(blocks);
    // Not left on the page itself as the offer goes: the editing goes on from the page's fields.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(announced()).toBe(said);
  });
});

describe('a save refused because someone else saved meanwhile', { timeout: 20_000 }, () => {
  const DRAFT = 'pages:edit:7';
  const video = () => blankItem('video', CATALOGUE.video!);
  // Before, not after: a builder closing at the end of a test writes the draft it still had waiting.
  beforeEach(() => localStorage.clear());

  /** A stored page in the record builder: saves are refused with 409 and loads answer `server`. */
  function renderConflict(mine: PageItem[], theirs: PageItem[]) {
    let server = mine;
    let loads = 0;
    const start = (items: PageItem[]): BuilderStart<Record<string, unknown>> => ({
      id: 7,
      updatedAt: `v${loads}`,
      name: 'Home',
      slug: 'home',
      items,
      values: {},
      locked: false,
    });
    const calls: RecordCalls<Record<string, unknown>> = {
      slugOf: async () => ({ slug: 'home' }),
      store: async () => ({ id: 7, updated_at: 'v1' }),
      update: async () => {
        server = theirs;
        throw new ApiError(409, 'Someone else saved this page meanwhile.');
      },
      updatedAt: async () => 'v2',
      messages: { added: 'Successfully added page!', updated: 'Successfully updated page!' },
      afterAdd: () => {},
      draftKey: DRAFT,
    };
    const location = memoryLocation({ path: '/pages/edit/7' });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LoadedBuilder
          noun="page"
          listHref="/pages"
          loadKey="7"
          load={async () => {
            loads++;
            return start(server);
          }}
        >
          {(loaded, reload) => (
            <RecordBuilder
              start={loaded}
              calls={calls}
              title="Edit Page"
              backHref="/pages"
              catalogue={CATALOGUE}
              pasteTarget="page"
              required={{}}
              settings={() => null}
              reload={reload}
            />
          )}
        </LoadedBuilder>
      </Router>,
    );
    return userEvent.setup();
  }

  const names = () =>
    within(screen.getByRole('list', { name: 'Blocks' }))
      .getAllByRole('listitem')
      .map((row) => row.getAttribute('aria-label'));
  const conflict = () => screen.findByRole('dialog', { name: 'Someone else saved this meanwhile' });

  it('copies the editor’s blocks aside, keeps their draft, and pastes them into the version loaded', async () => {
    const user = renderConflict([hero(), richText()], [video()]);
    await user.click(await screen.findByRole('button', { name: 'Move Rich text up' }));
    expect(names()).toEqual(['Rich text', 'Hero banner']);
    await user.click(pageSave());
    const dialog = await conflict();

    await user.click(within(dialog).getByRole('button', { name: 'Copy my version aside' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toMatch(
        /^Your 2 blocks are copied: load their version, then use Paste blocks to bring yours back\. Your whole version also stays kept in this browser/,
      ),
    );
    // On the block clipboard, in this tab's storage too (other tabs paste from there).
    const copied = parseEnvelope(localStorage.getItem(CLIPBOARD_KEY));
    expect(copied?.items.map((item) => item.index)).toEqual(['rich_text', 'hero']);
    expect(readDraft(DRAFT)?.draft.items.map((item) => item.index)).toEqual(['rich_text', 'hero']);

    await user.click(within(dialog).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(names()).toEqual(['Video']));
    // Their version is not covered by an offer of the draft, and the draft is still kept.
    expect(screen.queryByText(/You have unsaved changes from/)).toBeNull();
    expect(readDraft(DRAFT)?.draft.items.map((item) => item.index)).toEqual(['rich_text', 'hero']);

    await user.click(screen.getByRole('button', { name: 'Paste blocks' }));
    await waitFor(() => expect(names()).toEqual(['Video', 'Rich text', 'Hero banner']));
    // From now on the draft is the work on their version.
    await waitFor(() =>
      expect(readDraft(DRAFT)?.draft.items.map((item) => item.index)).toEqual(['video', 'rich_text', 'hero']),
    );
  });

  it('says so when the version has no blocks to copy', async () => {
    const user = renderConflict([hero()], [video()]);
    await user.click(await screen.findByRole('button', { name: 'Remove Hero banner' }));
    await user.click(pageSave());
    const dialog = await conflict();
    await user.click(within(dialog).getByRole('button', { name: 'Copy my version aside' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toMatch(/^Your version has no blocks to copy\./),
    );
    expect(localStorage.getItem(CLIPBOARD_KEY)).toBeNull();
  });

  it('drops the editor’s draft when they load the other version without copying theirs aside', async () => {
    const user = renderConflict([hero(), richText()], [video()]);
    await user.click(await screen.findByRole('button', { name: 'Move Rich text up' }));
    await user.click(pageSave());
    const dialog = await conflict();
    await user.click(within(dialog).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(names()).toEqual(['Video']));
    expect(localStorage.getItem(DRAFT_PREFIX + DRAFT)).toBeNull();
    expect(localStorage.getItem(CLIPBOARD_KEY)).toBeNull();
  });
});

describe('a save that lands', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('saves next from the version the save answered and shows the slug it gave, loading nothing again', async () => {
    const updates: { data: unknown; updatedAt: string | undefined }[] = [];
    const calls: RecordCalls<{ published: 0 | 1; published_at: string }> = {
      slugOf: async () => ({ slug: 'offers' }),
      store: async () => ({ id: 7, updated_at: 'v1' }),
      update: async (_id, data, updatedAt) => {
        updates.push({ data, updatedAt });
        return { id: 7, updated_at: `v${updates.length + 1}`, slug: 'offers-2' };
      },
      updatedAt: async () => {
        throw new Error('the page is not loaded again after a save');
      },
      messages: { added: 'Successfully added page!', updated: 'Successfully updated page!' },
      afterAdd: () => {},
      draftKey: 'pages:edit:7',
    };
    const location = memoryLocation({ path: '/pages/edit/7' });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RecordBuilder
          start={{
            id: 7,
            updatedAt: 'v1',
            name: 'Offers',
            slug: 'offers',
            items: [hero()],
            values: { published: 0, published_at: '2026-01-02T09:30' },
            locked: false,
          }}
          calls={calls}
          title="Edit Page"
          backHref="/pages"
          catalogue={CATALOGUE}
          pasteTarget="page"
          required={{}}
          settings={({ slug }) => <p>Slug is {slug}</p>}
          reload={() => {}}
        />
      </Router>,
    );
    const user = userEvent.setup();
    await user.click(pageSave());
    await screen.findByText('Slug is offers-2');
    await waitFor(() => expect(pageSave().hasAttribute('disabled')).toBe(false));
    await user.click(pageSave());
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates.map((u) => u.updatedAt)).toEqual(['v1', 'v2']);
    // The body holds what the server reads: no slug unless it is the homepage's, no date while unpublished.
    expect(updates[0]!.data).toEqual({
      published: 0,
      published_at: null,
      name: 'Offers',
      items: [{ ...hero(), id: expect.any(String) }],
    });
  });
});
