import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PageItem } from '@/api/contract/blocks';
import type { BuilderItem } from '@/api/contract/builder';
import type { MediaItem } from '@/api/contract/media';
import { signedInAs } from '@/machines/testSession';
import { CATALOGUE } from '@/shared/catalogue';
import { blankItem, MARKDOWN_WELCOME } from '@/shared/items';
import { rememberMedia } from '@/ui/media/mediaCache';
import { BlockEditor } from './BlockEditor';

/** One block with every field type, a hideable plain section and a repeatable one. */
const everything: BuilderItem = {
  name: 'Everything',
  hideable: { item: true, sections: ['main'] },
  sections: {
    main: {
      name: 'Main',
      repeatable: false,
      fields: {
        title: { name: 'Title', type: 'text' },
        summary: { name: 'Summary', type: 'textarea' },
        size: {
          name: 'Size',
          type: 'select',
          options: [
            { value: 'sm', label: 'Small' },
            { value: 'lg', label: 'Large' },
          ],
        },
        starts: { name: 'Starts on', type: 'date' },
        photos: { name: 'Photos', type: 'files', max: 2 },
        body: { name: 'Body', type: 'trix' },
      },
    },
    slides: {
      name: 'Slides',
      phrase: 'Add slide',
      repeatable: true,
      fields: { heading: { name: 'Heading', type: 'text' } },
    },
  },
};

function open(item: PageItem = blankItem('everything', everything), definition = everything) {
  const onSave = vi.fn<(item: PageItem) => void>();
  const onCancel = vi.fn();
  // Signed in as a Marketing user: image fields ask whether the user may browse the library.
  const view = render(
    <BlockEditor item={item} definition={definition} onSave={onSave} onCancel={onCancel} />,
    { wrapper: signedInAs('Marketing') },
  );
  return { onSave, onCancel, view, user: userEvent.setup() };
}

/** A library image the console has already read. */
function libraryImage(id: number, name: string): MediaItem {
  return {
    id,
    name,
    mime: 'image/png',
    size: 10,
    width: 800,
    height: 600,
    sha256: 'a'.repeat(64),
    alt: null,
    decorative: false,
    caption: null,
    credit: null,
    tags: [],
    folder_id: null,
    focal_point: { x: 0.5, y: 0.5 },
    url: `/storage/media/${id}`,
    renditions: [],
    uses_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    deleted_at: null,
  };
}

const withPhotos = (photos: unknown[]): PageItem => {
  const item = blankItem('everything', everything);
  return {
    ...item,
    sections: {
      ...item.sections,
      main: {
        hidden: false,
        entries: [],
        fields: { ...item.sections.main?.fields, photos: photos as never },
      },
    },
  };
};

describe('BlockEditor', () => {
  it('fills every field type and saves the value object', async () => {
    rememberMedia([libraryImage(7, 'front.png')]);
    const { user, onSave } = open(withPhotos([{ media_id: 7 }]));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Spring sale');
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'Two lines{enter}of text');
    await user.click(screen.getByRole('button', { name: /Size$/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Large' }));
    fireEvent.change(screen.getByLabelText('Starts on'), { target: { value: '2026-03-01' } });
    await screen.findByText('front.png');
    expect(screen.getByText('No alt text yet: describe it here or in the library.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Alt text for front.png here' }), 'The front');
    await screen.findByRole('textbox', { name: 'Body' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0].sections.main).toEqual({
      hidden: false,
      entries: [],
      fields: {
        title: 'Spring sale',
        summary: 'Two lines\nof text',
        size: 'lg',
        starts: '2026-03-01',
        photos: [{ media_id: 7, alt: 'The front' }],
        // Opened and left alone, the rich text keeps its stored markdown exactly.
        body: MARKDOWN_WELCOME,
      },
    });
  });

  it('says why the image field takes no more once it holds its max, and takes one again after a removal', async () => {
    rememberMedia([libraryImage(8, 'a.png'), libraryImage(9, 'b.png')]);
    const { user } = open(withPhotos([{ media_id: 8 }, { media_id: 9 }]));
    const choose = screen.getByRole('button', { name: 'Choose images' });
    expect(choose.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByText('At most 2 images. Remove one to add another.').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    await waitFor(() => expect(screen.queryByText('a.png')).toBeNull());
    expect(screen.getByRole('button', { name: 'Choose images' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('adds, fills, reorders, collapses and removes entries of a repeatable section', async () => {
    const { user, onSave } = open();
    await user.click(screen.getByRole('button', { name: 'Add slide' }));
    await user.click(screen.getByRole('button', { name: 'Add slide' }));
    const headings = () => screen.getAllByRole('textbox', { name: 'Heading' });
    // Each new entry takes focus at its first field.
    expect(document.activeElement).toBe(headings()[1]);
    await user.type(headings()[0] as HTMLElement, 'First');
    await user.type(headings()[1] as HTMLElement, 'Second');
    await user.click(screen.getByRole('button', { name: 'Move Slide 1 down' }));
    expect(headings().map((input) => (input as HTMLInputElement).value)).toEqual(['Second', 'First']);
    await user.click(screen.getByRole('button', { name: 'Slide 2' }));
    expect(screen.getByRole('button', { name: 'Slide 2' }).getAttribute('aria-expanded')).toBe('false');
    expect(headings()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]?.[0].sections.slides?.entries).toEqual([
      { opened: true, fields: { heading: 'Second' } },
      { opened: false, fields: { heading: 'First' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Slide 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[1]?.[0].sections.slides?.entries).toEqual([
      { opened: false, fields: { heading: 'First' } },
    ]);
  });

  it('hides the block and a hideable section, and offers no toggle where the definition does not', async () => {
    const { user, onSave } = open();
    expect(screen.queryByRole('switch', { name: 'Hide Slides' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Hide this block' }));
    await user.click(screen.getByRole('switch', { name: 'Hide Main' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = onSave.mock.calls[0]?.[0];
    expect(saved?.hidden).toBe(true);
    expect(saved?.sections.main?.hidden).toBe(true);
    expect(saved?.sections.slides?.hidden).toBe(false);
  });

  it('keeps the editor open with the field error when the block breaks its definition', async () => {
    const item = blankItem('everything', everything);
    const broken: PageItem = {
      ...item,
      name: '',
      sections: { ...item.sections, main: { hidden: false, entries: [], fields: { size: 'huge' } } },
    };
    const { user, onSave } = open(broken);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('Choose one of the options.')).toBeTruthy());
    expect(screen.getByText('Enter a block name.')).toBeTruthy();
  });

  it('moves focus to the first invalid field on a refused Save, which then reads its error', async () => {
    const rich = CATALOGUE.rich_text as BuilderItem;
    const { user, onSave } = open(blankItem('rich_text', rich), rich);
    await user.clear(screen.getByRole('textbox', { name: /^Block name/ }));
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    const name = screen.getByRole('textbox', { name: /^Block name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('Enter a block name.');
  });

  it('moves focus past a valid name to the first field that breaks the definition, a list box too', async () => {
    const item = blankItem('everything', everything);
    const broken: PageItem = {
      ...item,
      sections: { ...item.sections, main: { hidden: false, entries: [], fields: { size: 'huge' } } },
    };
    const { user } = open(broken);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Size$/ })));
  });

  it('asks before Cancel discards changes: No keeps editing with focus on Cancel, Discard closes', async () => {
    const { user, onCancel } = open();
    await user.click(screen.getByRole('button', { name: 'Add slide' }));
    await user.type(screen.getByRole('textbox', { name: 'Heading' }), 'First');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await user.click(cancel);
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(dialog.textContent).toContain('Discard your changes to this block?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onCancel).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Heading' }) as HTMLInputElement).value).toBe('First');
    await waitFor(() => expect(document.activeElement).toBe(cancel));

    await user.click(cancel);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Keep editing',
      }),
    );
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(onCancel).not.toHaveBeenCalled();

    await user.click(cancel);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('closes at once on Cancel when a change was taken back', async () => {
    const { user, onCancel } = open();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'x');
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('tells Cancel without saving', async () => {
    const { user, onSave, onCancel } = open(blankItem('faq', CATALOGUE.faq as BuilderItem), CATALOGUE.faq);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });
});
