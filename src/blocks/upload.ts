import type { StoredFile } from '@/api/contract/common';
import { api } from '@/api/endpoints';

/** Which files field an upload is for: a block's section field or a configurable's field. */
export type UploadTarget =
  | { item: string; section: string; field: string }
  | { configurable: string; field: string };

/** Stores one file through builder/files/upload; a refused file throws ApiError with errors.file. */
export async function uploadBlockFile(target: UploadTarget, file: File): Promise<StoredFile> {
  const body = new FormData();
  for (const [key, value] of Object.entries(target)) body.set(key, value);
  body.set('file', file);
  const { result } = await api.builder.upload({ body });
  return result;
}
