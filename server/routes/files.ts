import type { FastifyInstance } from 'fastify';
import { filesUpload, uploadHandle } from '@/api/contract/files';
import { displayName, type FileKind, IMAGE_KINDS, type Storage, sniff } from '../domain/storage';
import { invalid } from '../http/errors';
import { readUploadForm } from '../http/multipart';
import { registerCall } from '../http/route';

/** What each upload handle accepts, judged by content. */
const ALLOWED: Record<string, FileKind[]> = {
  avatar: IMAGE_KINDS,
  logo: IMAGE_KINDS,
  banner_img: IMAGE_KINDS,
  dealer_img: IMAGE_KINDS,
  team_image: IMAGE_KINDS,
};

export function filesRoutes(app: FastifyInstance, opts: { storage: Storage }) {
  registerCall(app, filesUpload, async ({ raw }) => {
    const form = await readUploadForm(raw);
    const handle = uploadHandle.safeParse(form.fields.handle);
    if (!handle.success) throw invalid({ handle: 'Choose what the file is for.' });
    if (!form.file || form.file.bytes.length === 0) throw invalid({ file: 'Choose a file to upload.' });
    const kind = sniff(form.file.bytes);
    const allowed = ALLOWED[handle.data] ?? [];
    if (!kind || !allowed.includes(kind)) {
      throw invalid({ file: 'The file must be an image (PNG, JPEG, GIF or WebP).' });
    }
    const name = displayName(form.file.filename);
    const path = await opts.storage.save(handle.data, kind, form.file.bytes, name);
    return { result: { path, name } };
  });
}
