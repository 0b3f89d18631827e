import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
