import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError, invalid } from './errors';

export interface UploadForm {
  fields: Record<string, string>;
  file: { filename: string; bytes: Buffer } | null;
}

/** Reads a multipart form with at most one file; an oversize file gets 422 under `file`. */
export async function readUploadForm(request: FastifyRequest, fileField = 'file'): Promise<UploadForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: UploadForm['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const upload = part as MultipartFile;
        if (upload.fieldname !== fileField || file) {
          upload.file.resume();
          continue;
        }
        file = { filename: upload.filename, bytes: await upload.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalid({ [fileField]: 'The file may not be greater than 5 MB.' });
    // Anything else went wrong while reading the client's stream (truncated body, bad boundary, limits).
    throw new HttpError(400, 'The upload could not be read.');
  }
  return { fields, file };
}
