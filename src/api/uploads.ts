import type { StoredFile } from './contract/common';
import type { UploadHandle } from './contract/files';
import { api } from './endpoints';

/** Stores one file through files/upload; a refused file throws ApiError with errors.file. */
export async function uploadFile(handle: UploadHandle, file: File): Promise<StoredFile> {
  const body = new FormData();
  body.set('handle', handle);
  body.set('file', file);
  const { result } = await api.files.upload({ body });
  return result;
}
