import { z } from 'zod';
import { storedFile } from './common';
import { defineCall } from './define';

/** Handles the generic upload accepts, each with its own allowlist of types (server/domain/storage). */
export const uploadHandle = z.enum(['avatar', 'logo', 'banner_img', 'dealer_img', 'team_image']);
export type UploadHandle = z.infer<typeof uploadHandle>;

export const filesUpload = defineCall({
  method: 'POST',
  path: 'files/upload',
  multipart: true,
  body: z.object({ handle: uploadHandle }),
  response: z.object({ result: storedFile }),
  summary: 'Stores one file (multipart: handle, file); 422 errors.file[0] when refused',
});

/** Every call of this area, under the name the console's `api.files` gives it. */
export const calls = {
  upload: filesUpload,
};
