import type { MediaItem } from './contract/media';
import { api } from './endpoints';

/** One file of an upload, as the upload list shows it. */
export interface UploadRow {
  key: string;
  name: string;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error: string | null;
  item: MediaItem | null;
  duplicate: boolean;
}

/**
 * Uploads files one request each, so each has its own progress and its own error; `onChange` gets
 * every row after each step.
 */
export async function uploadFiles(
  files: readonly File[],
  folderId: number | null,
  onChange: (rows: UploadRow[]) => void,
): Promise<UploadRow[]> {
  const rows: UploadRow[] = files.map((file, i) => ({
    key: `${Date.now()}-${i}-${file.name}`,
    name: file.name,
    state: 'waiting',
    error: null,
    item: null,
    duplicate: false,
  }));
  const set = (i: number, patch: Partial<UploadRow>) => {
    rows[i] = { ...rows[i]!, ...patch };
    onChange([...rows]);
  };
  onChange([...rows]);
  for (const [i, file] of files.entries()) {
    set(i, { state: 'uploading' });
    const body = new FormData();
    if (folderId) body.set('folder_id', String(folderId));
    body.append('files[]', file);
    try {
      const { data } = await api.media.upload({ body });
      const answer = data[0];
      if (!answer || answer.error)
        set(i, { state: 'failed', error: answer?.error ?? 'The file was not stored.' });
      else set(i, { state: 'done', item: answer.item, duplicate: answer.duplicate });
    } catch (error) {
      const e = error as { message?: string; errors?: Record<string, string[]> };
      const first = e.errors ? Object.values(e.errors).flat()[0] : undefined;
      set(i, { state: 'failed', error: first ?? e.message ?? 'The upload failed.' });
    }
  }
  return rows;
}
