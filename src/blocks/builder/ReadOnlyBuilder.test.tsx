import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PageItem } from '@/api/contract/blocks';
import { TestSession, templateUser } from '@/machines/testSession';
import { CATALOGUE } from '@/shared/catalogue';
import { blankEntry, blankItem } from '@/shared/items';
import { PageSettings } from './PageSettings';
import { RecordBuilder } from './RecordBuilder';
import { DEFAULT_SETTINGS, PAGE_REQUIRED, type SettingsValues } from './settingsValues';
import type { RecordCalls } from './useRecordBuilder';

const REFUSED = 'Your role, Read only, cannot change pages.';

/** A hero banner with one slide, titled: something to read in each kind of field. */
function heroWithSlide(): PageItem {
  const hero = blankItem('hero', CATALOGUE.hero!);
  const slides = CATALOGUE.hero!.sections.slides!;
  const content = hero.sections.content!;
  return {
    ...hero,
    sections: {
      ...hero.sections,
      content: { ...content, fields: { ...content.fields, title: 'Drive away today' } },
      slides: { ...hero.sections.slides!, entries: [blankEntry(slides)] },
    },
  };
}

const values: SettingsValues = { ...DEFAULT_SETTINGS, brand_id: 1 };

const calls: RecordCalls<SettingsValues> = {
  slugOf: async () => ({ slug: 'offers' }),
  store: async () => ({ id: 7, updated_at: 'v1' }),
  update: async () => ({ id: 7, updated_at: 'v2' }),
  updatedAt: async () => 'v1',
  messages: { added: 'Successfully added page!', updated: 'Successfully updated page!' },
  afterAdd: () => {},
  draftKey: 'pages:edit:7',
};

/** A stored page in the page builder, for a Read only user (who may not save it) or for an editor. */
function renderPage(saveRefused: string | null) {
  const location = memoryLocation({ path: '/pages/edit/7' });
  render(
    <TestSession user={templateUser(saveRefused ? 'Read only' : 'Group administrator')}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RecordBuilder
          start={{
            id: 7,
            updatedAt: 'v1',
            name: 'Offers',
            slug: 'offers',
            items: [heroWithSlide()],
            values,
            locked: false,
          }}
          calls={calls}
          title="Edit Page"
          backHref="/pages"
          catalogue={CATALOGUE}
          pasteTarget="page"
          required={PAGE_REQUIRED}
          saveRefused={saveRefused}
          reload={() => {}}
          settings={(fields) => (
            <PageSettings
              values={fields.values}
              onChange={fields.change}
              name={fields.name}
              onName={fields.onName}
              slugLabel="Slug"
              slug={fields.slug}
              brands={[{ id: 1, name: 'Kia' }]}
              templates={[]}
              meta={fields.meta}
              locked={false}
            />
          )}
        />
      </Router>
    </TestSession>,
  );
  return userEvent.setup();
}

const button = (name: string) => screen.queryByRole('button', { name });
const field = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe('the page builder for someone who may only read the page', { timeout: 20_000 }, () => {
  // A builder closing at the end of a test writes the draft it still had waiting.
  beforeEach(() => localStorage.clear());

  it('shows the page to read, with its fields read-only, and offers no change to its blocks', async () => {
    const user = renderPage(REFUSED);
    expect(screen.getByRole('note').textContent).toBe(REFUSED);
    for (const name of [
      'Add block',
      'Paste blocks',
      'Undo',
      'Redo',
      'Drag Hero banner',
      'Hide Hero banner',
      'Move Hero banner up',
      'Move Hero banner down',
      'Duplicate Hero banner',
      'Remove Hero banner',
      'Edit Hero banner',
    ])
      expect(button(name), name).toBeNull();

    await user.type(field('Name'), ' and more');
    expect(field('Name').value).toBe('Offers');
    expect(field('Name').readOnly).toBe(true);
    expect(field('Meta title').readOnly).toBe(true);
    expect((screen.getByRole('button', { name: /Brand/ }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'View Hero banner' }));
    const block = screen.getByRole('region', { name: 'View Hero banner' });
    await user.type(field('Title', block), '!');
    expect(field('Title', block).value).toBe('Drive away today');
    expect(field('Block name', block).readOnly).toBe(true);
    // Its slide opens and closes to be read; nothing is added, moved or removed, no image chosen.
    expect(within(block).getByRole('button', { name: 'Slide 1', expanded: true })).toBeTruthy();
    for (const name of ['Add slide', 'Remove Slide 1', 'Move Slide 1 up', 'Drag Slide 1', 'Save'])
      expect(within(block).queryByRole('button', { name }), name).toBeNull();
    expect(within(block).getByRole('button', { name: 'Choose image' }).hasAttribute('disabled')).toBe(true);
    expect(within(block).getByRole('switch', { name: 'Hide Button' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(block).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'View Hero banner' })).toBeNull();
  });

  it('offers an editor the same page to change', async () => {
    const user = renderPage(null);
    expect(screen.queryByRole('note')).toBeNull();
    for (const name of ['Add block', 'Paste blocks', 'Undo', 'Remove Hero banner', 'Duplicate Hero banner'])
      expect(button(name), name).not.toBeNull();
    await user.type(field('Name'), ' and more');
    expect(field('Name').value).toBe('Offers and more');

    await user.click(screen.getByRole('button', { name: 'Edit Hero banner' }));
    const block = screen.getByRole('region', { name: 'Edit Hero banner' });
    await user.type(field('Title', block), '!');
    expect(field('Title', block).value).toBe('Drive away today!');
    for (const name of ['Add slide', 'Remove Slide 1', 'Save'])
      expect(within(block).queryByRole('button', { name }), name).not.toBeNull();
  });
});
