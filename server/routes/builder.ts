import type { FastifyInstance } from 'fastify';
import {
  builderConfigurables,
  builderFilesUpload,
  builderItems,
  builderUploadFields,
} from '@/api/contract/builder';
import { CATALOGUE, configurablesFor, uploadTarget } from '@/shared/catalogue';
import { displayName, IMAGE_KINDS, type Storage, sniff } from '../domain/storage';
import { invalid } from '../http/errors';
import { readUploadForm } from '../http/multipart';
import { registerCall } from '../http/route';

export function builderRoutes(app: FastifyInstance, opts: { storage: Storage }) {
  registerCall(app, builderItems, async () => ({ data: CATALOGUE }));

  registerCall(app, builderConfigurables, async ({ query }) => ({ data: configurablesFor(query.slug) }));

  registerCall(app, builderFilesUpload, async ({ raw }) => {
    const form = await readUploadForm(raw);
    const parsed = builderUploadFields.safeParse(form.fields);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw invalid({ [String(first?.path[0] ?? 'field')]: 'Choose the field the file is for.' });
    }
    const target = uploadTarget(parsed.data);
    if (!target) throw invalid({ field: 'This field does not take files.' });
    if (!form.file || form.file.bytes.length === 0) throw invalid({ file: 'Choose a file to upload.' });
    const kind = sniff(form.file.bytes);
    if (!kind || !IMAGE_KINDS.includes(kind)) {
      throw invalid({ file: 'The file must be an image (PNG, JPEG, GIF or WebP).' });
    }
    const path = await opts.storage.save('builder', kind, form.file.bytes);
    return { result: { path, name: displayName(form.file.filename) } };
  });
}
