import '@/ui/jsdomGaps';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { ImportProvider } from '@/api/contract/builder';
import { api } from '@/api/endpoints';
import { toast } from '@/ui/toasts';
import ImportScreen from './ImportScreen';

const provider = (key: string, label: string, kind: 'page' | 'form'): ImportProvider => ({
  key,
  label,
  kind,
  description: `${label} sheet`,
  columns: [{ header: 'Name', required: true, description: 'The name.' }],
  sample_url: `builder/imports/samples/${key}.xlsx`,
});

const providers = [
  provider('pages', 'General pages', 'page'),
  provider('dealership_locations', 'Dealership locations', 'page'),
  provider('forms', 'Forms', 'form'),
];

const MESSAGE =
  'Your import has started: the pages are created in the background and the result is e-mailed to editor@example.com.';

beforeEach(() => {
  vi.spyOn(api.builder, 'importProviders').mockResolvedValue({
    data: Object.fromEntries(providers.map((p) => [p.key, p.label])),
    providers,
  });
  vi.spyOn(api.builder, 'runImport').mockResolvedValue({ message: MESSAGE, import_id: 4 });
});

afterEach(() => {
  vi.restoreAllMocks();
  toast.clear();
});

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Route path="/pages/import" component={ImportScreen} />
      <Route path="/forms/import" component={ImportScreen} />
    </Router>,
  );
  return location;
}

const workbookFile = (name = 'pages.xlsx') =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Confirmation e-mail/ }), 'editor@example.com');
  await user.click(screen.getByRole('button', { name: /Provider$/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'General pages' }));
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, workbookFile());
  await screen.findByText('pages.xlsx');
}

describe('the import screen', () => {
  it('offers the page providers on /pages/import with the spec’s subtitle', async () => {
    const user = userEvent.setup();
    renderAt('/pages/import');
    expect(await screen.findByText('Import pages from excel via providers')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pages');
    await user.click(await screen.findByRole('button', { name: /Provider$/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['General pages', 'Dealership locations']);
  });

  it('posts the e-mail, the provider and the one file, then toasts the server’s message and goes to /pages', async () => {
    vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const location = renderAt('/pages/import');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/pages'));
    expect(toast.success).toHaveBeenCalledWith(MESSAGE);
    const body = vi.mocked(api.builder.runImport).mock.calls[0]![0].body as FormData;
    expect(body.get('email')).toBe('editor@example.com');
    expect(body.get('provider')).toBe('pages');
    expect((body.get('import') as File).name).toBe('pages.xlsx');
  });

  it('shows the server’s field errors under their fields and keeps what was typed', async () => {
    vi.mocked(api.builder.runImport).mockRejectedValue(
      new ApiError(422, 'The file must be an Excel workbook (.xlsx).', {
        import: ['The file must be an Excel workbook (.xlsx).'],
      }),
    );
    const user = userEvent.setup();
    const location = renderAt('/pages/import');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const group = screen.getByRole('group', { name: /Spreadsheet/ });
    await waitFor(() => expect(group.textContent).toContain('The file must be an Excel workbook (.xlsx).'));
    expect((screen.getByRole('textbox', { name: /Confirmation e-mail/ }) as HTMLInputElement).value).toBe(
      'editor@example.com',
    );
    expect(location.history?.at(-1)).toBe('/pages/import');
  });

  it('asks for the e-mail, the provider and a file before posting anything', async () => {
    const user = userEvent.setup();
    renderAt('/pages/import');
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Enter an e-mail address.')).toBeTruthy();
    expect(screen.getByText('Choose a provider.')).toBeTruthy();
    expect(screen.getByText('Choose a file to import.')).toBeTruthy();
    expect(api.builder.runImport).not.toHaveBeenCalled();
  });

  it('is the same screen for forms, with the forms provider chosen', async () => {
    renderAt('/forms/import');
    expect(await screen.findByText('Import forms from excel via providers')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Provider$/ }).textContent).toContain('Forms');
    expect(screen.getByRole('heading', { name: 'Columns of the forms sheet' })).toBeTruthy();
  });
});
