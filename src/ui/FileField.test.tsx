import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import './jsdomGaps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import type { StoredFile } from '@/api/contract/common';
import { FileField } from './FileField';
import { toast } from './toasts';

afterEach(() => {
  cleanup();
  toast.clear();
});

const avatar: StoredFile = { path: '/storage/avatar/a1b2.png', name: 'me.png' };

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

const uploadButton = () => screen.getByRole('button', { name: /Upload file/ }) as HTMLButtonElement;

describe('FileField', () => {
  it('disables the upload once the limit is reached', () => {
    render(<FileField label="Avatar" maxFiles={1} files={[avatar]} onUpload={vi.fn()} />);
    expect(uploadButton().disabled).toBe(true);
    expect(screen.getByText('Remove the current file to upload another.')).toBeTruthy();
  });

  it('uploads a picked file, lists it with a thumbnail, posts its path and then disables itself', async () => {
    const onUpload = vi.fn(async (file: File) => ({ path: '/storage/avatar/x9.png', name: file.name }));
    const onChange = vi.fn();
    const { container } = render(
      <FileField label="Avatar" name="avatar" maxFiles={1} onUpload={onUpload} onChange={onChange} />,
    );
    expect(uploadButton().disabled).toBe(false);

    const file = new File(['png'], 'portrait.png', { type: 'image/png' });
    fireEvent.change(fileInput(container), { target: { files: [file] } });

    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('portrait.png')).toBeTruthy();
    expect(item.querySelector('img')?.getAttribute('src')).toBe('/storage/avatar/x9.png');
    expect(onUpload).toHaveBeenCalledWith(file);
    expect(onChange).toHaveBeenLastCalledWith([{ path: '/storage/avatar/x9.png', name: 'portrait.png' }]);
    const posted = container.querySelector('input[type="hidden"][name="avatar"]') as HTMLInputElement;
    expect(posted.value).toBe('/storage/avatar/x9.png');
    await waitFor(() => expect(uploadButton().disabled).toBe(true));
  });

  it('moves focus to the uploaded file and announces it; after a removal, to the next file or the upload button', async () => {
    let n = 0;
    const onUpload = vi.fn(async (file: File) => ({
      path: `/storage/banner_img/f${++n}.png`,
      name: file.name,
    }));
    const { container } = render(<FileField label="Photos" maxFiles={3} onUpload={onUpload} />);
    const status = container.querySelector('[aria-live="polite"]') as HTMLElement;

    fireEvent.change(fileInput(container), { target: { files: [new File(['a'], 'Front.png')] } });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Front.png' })),
    );
    expect(status.textContent).toBe('Uploaded Front.png.');

    fireEvent.change(fileInput(container), { target: { files: [new File(['b'], 'Side.png')] } });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Side.png' })),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove Front.png' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Side.png' })),
    );
    expect(status.textContent).toBe('Removed Front.png.');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Side.png' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Upload files/ })),
    );
    expect(status.textContent).toBe('Removed Side.png.');
  });

  it('shows the first file error under the field and the server message in a toast', async () => {
    const showError = vi.spyOn(toast, 'error');
    const refused = new ApiError(422, 'The given data was invalid.', {
      file: ['The file must be an image.', 'The file may not be larger than 2 MB.'],
    });
    const { container } = render(
      <FileField label="Logo" maxFiles={1} onUpload={() => Promise.reject(refused)} />,
    );
    fireEvent.change(fileInput(container), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('The file must be an image.')).toBeTruthy();
    expect(screen.queryByText('The file may not be larger than 2 MB.')).toBeNull();
    expect(showError).toHaveBeenCalledWith('The given data was invalid.');
    expect(uploadButton().disabled).toBe(false);
    showError.mockRestore();
  });

  it('shows the first of the form errors', () => {
    render(
      <FileField
        label="Avatar"
        onUpload={vi.fn()}
        errorMessage={['Upload the avatar again.', 'A second problem.']}
      />,
    );
    expect(screen.getByText('Upload the avatar again.')).toBeTruthy();
    expect(screen.queryByText('A second problem.')).toBeNull();
  });

  it('lets a new file be uploaded once the current one is removed', async () => {
    const user = userEvent.setup();
    render(<FileField label="Avatar" maxFiles={1} defaultFiles={[avatar]} onUpload={vi.fn()} />);
    expect(uploadButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove me.png' }));
    expect(screen.queryByText('me.png')).toBeNull();
    expect(uploadButton().disabled).toBe(false);
  });
});
