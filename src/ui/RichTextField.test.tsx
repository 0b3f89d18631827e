import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReadOnlyFieldset } from './forms/ReadOnlyFieldset';
import { RichTextField } from './RichTextField';

describe('RichTextField', () => {
  it('loads the editor named by its label, with the stored markdown shown formatted', async () => {
    render(<RichTextField label="Copy" name="copy" defaultValue={'Welcome to **Leeds**.'} />);
    const editor = await screen.findByRole('textbox', { name: 'Copy' }, { timeout: 5000 });
    await waitFor(() => expect(editor.querySelector('strong')?.textContent).toBe('Leeds'));
    expect(editor.textContent).toBe('Welcome to Leeds.');
    expect(screen.getByRole('toolbar', { name: 'Copy formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('posts the stored markdown untouched until it is edited', async () => {
    render(
      <form aria-label="Dealership">
        <RichTextField
          label="Copy"
          name="copy"
          defaultValue={'Welcome to **Leeds**.'}
          errorMessage="Too long."
        />
      </form>,
    );
    const editor = await screen.findByRole('textbox', { name: 'Copy' }, { timeout: 5000 });
    const form = screen.getByRole('form', { name: 'Dealership' }) as HTMLFormElement;
    expect(new FormData(form).get('copy')).toBe('Welcome to **Leeds**.');
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(editor.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Too long.',
    );
  });

  it('posts stored text byte for byte after a submit and a blur when nothing was edited', async () => {
    const stored =
      '## Leeds\n\nOur ~~old~~ *new* showroom.\n\n![Front](/storage/dealer_img/front.png)\n\n| Day | Hours |\n|-----|:-----:|\n| Mon | 9-5 |\n\nPress <kbd>Enter</kbd>.';
    render(
      <form aria-label="Dealership" onSubmit={(event) => event.preventDefault()}>
        <RichTextField label="Copy" name="copy" defaultValue={stored} />
      </form>,
    );
    const editor = await screen.findByRole('textbox', { name: 'Copy' }, { timeout: 5000 });
    await waitFor(() => expect(editor.querySelector('table')).not.toBeNull());
    const form = screen.getByRole('form', { name: 'Dealership' }) as HTMLFormElement;
    fireEvent.focus(editor);
    fireEvent.blur(editor);
    fireEvent.submit(form);
    expect(new FormData(form).get('copy')).toBe(stored);
  });

  it('says when the stored text holds formatting the editor cannot show, and keeps quiet otherwise', async () => {
    const { unmount } = render(
      <RichTextField label="Copy" name="copy" defaultValue={'Centred:\n\n| a |\n| :-: |\n| b |'} />,
    );
    const editor = await screen.findByRole('textbox', { name: 'Copy' }, { timeout: 5000 });
    const notice = document.getElementById(editor.getAttribute('aria-describedby') ?? '');
    expect(notice?.textContent).toMatch(/^Some of this text’s formatting cannot be shown here\./);
    unmount();

    render(<RichTextField label="Copy" name="copy" defaultValue={'| a |\n| --- |\n| ~~b~~ |'} />);
    const plain = await screen.findByRole('textbox', { name: 'Copy' }, { timeout: 5000 });
    expect(plain.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/cannot be shown here/)).toBeNull();
  });

  it('shows its text read-only, its toolbar disabled, in a form the user may only read', async () => {
    render(
      <form aria-label="Dealership">
        <ReadOnlyFieldset readOnly>
          <RichTextField label="Copy" name="copy" defaultValue={'Welcome to **Leeds**.'} />
        </ReadOnlyFieldset>
      </form>,
    );
    const editor = await screen.findByRole('textbox', { name: 'Copy' }, { timeout: 5000 });
    await waitFor(() => expect(editor.getAttribute('contenteditable')).toBe('false'));
    expect(editor.getAttribute('aria-readonly')).toBe('true');
    for (const name of ['Bold', 'Heading', 'Quote', 'Undo'])
      expect(screen.getByRole('button', { name }).hasAttribute('disabled'), name).toBe(true);
  });

  it('is read-only when told so, wherever it is', async () => {
    render(<RichTextField label="Copy" name="copy" defaultValue="Welcome." isReadOnly />);
    const editor = await screen.findByRole('textbox', { name: 'Copy' }, { timeout: 5000 });
    await waitFor(() => expect(editor.getAttribute('contenteditable')).toBe('false'));
    expect(screen.getByRole('button', { name: 'Italic' }).hasAttribute('disabled')).toBe(true);
  });
});
