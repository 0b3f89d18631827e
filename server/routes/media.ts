import type { FastifyMultipartBaseOptions, MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { id as idSchema } from '@/api/contract/common';
import {
  MEDIA_MAX_BYTES,
  MEDIA_MAX_FILES,
  mediaDelete,
  mediaFolderCreate,
  mediaFolders as mediaFoldersCall,
  mediaForever,
  mediaList,
  mediaReplace,
  mediaRestore,
  mediaShow,
  mediaUpdate,
  mediaUpload,
} from '@/api/contract/media';
import { isGroupWide } from '@/shared/access';
import { databaseErrorCode, FOREIGN_KEY_VIOLATION } from '../db/errors';
import type { Db } from '../db/open';
import { dealerships } from '../db/schema/dealerships';
import { media, mediaFolders } from '../db/schema/media';
import { findMedia, listMedia, toMediaItem } from '../domain/media/items';
import {
  binItems,
  deleteForever,
  folderInScope,
  listFolders,
  type QueueRenditions,
  replaceFile,
  restoreItems,
  storeUpload,
  uploadFolder,
} from '../domain/media/library';
import { usesOf } from '../domain/media/uses';
import { paginate } from '../domain/paginate';
import { uniqueField } from '../domain/records';
import { displayName, type Storage } from '../domain/storage';
import { HttpError, invalid, notFound, unprocessable } from '../http/errors';
import { registerCall } from '../http/route';

const PER_PAGE = 40;
/** Said, as roles and templates say it, of a second folder of a name under the same owner. */
export const FOLDER_NAME_TAKEN = 'A folder with this name already exists.';
const folderNameTaken = uniqueField('media_folders_name_unique', 'name', FOLDER_NAME_TAKEN);
const TOO_LARGE = `The file may not be greater than ${Math.round(MEDIA_MAX_BYTES / 1024 / 1024)} MB.`;

interface MediaForm {
  fields: Record<string, string>;
  files: { name: string; mime: string; bytes: Buffer; error: string | null }[];
}

/**
 * How a media form is read. A file over the size limit is cut short and flagged (`truncated`)
 * instead of thrown: a thrown size error would also end the reading of every part after it.
 */
const MEDIA_FORM_OPTIONS: FastifyMultipartBaseOptions = {
  limits: { fileSize: MEDIA_MAX_BYTES, files: MEDIA_MAX_FILES, fields: 20, parts: MEDIA_MAX_FILES + 20 },
  throwFileSizeLimit: false,
};

/**
 * Reads a multipart form of up to MEDIA_MAX_FILES files under `field` (`files[]` or `file`); a file
 * over the size limit is kept with its error, so the others are stored all the same. More files
 * than that refuse the whole form before anything is stored.
 */
async function readMediaForm(request: FastifyRequest, fileFields: string[]): Promise<MediaForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the files as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: MediaForm['files'] = [];
  try {
    for await (const part of request.parts(MEDIA_FORM_OPTIONS)) {
      if (part.type === 'file') {
        const upload = part as MultipartFile;
        if (!fileFields.includes(upload.fieldname)) {
          upload.file.resume();
          continue;
        }
        const bytes = await upload.toBuffer();
        const cut = upload.file.truncated;
        files.push({
          name: displayName(upload.filename),
          mime: upload.mimetype,
          // What arrived of a file cut at the limit is no file to store: only its error is kept.
          bytes: cut ? Buffer.alloc(0) : bytes,
          error: cut ? TOO_LARGE : null,
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.FilesLimitError) {
      throw invalid({ files: `Upload at most ${MEDIA_MAX_FILES} files at once.` });
    }
    throw new HttpError(400, 'The upload could not be read.');
  }
  return { fields, files };
}

const parseId = (value: string | undefined, field: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw invalid({ [field]: 'Use a whole number from 1.' });
  return parsed.data;
};

export function mediaRoutes(
  app: FastifyInstance,
  opts: { db: Db; storage: Storage; queueRenditions: QueueRenditions },
) {
  const { db, storage, queueRenditions } = opts;

  registerCall(app, mediaList, async ({ query, raw, user }) => {
    const { rows, total } = await listMedia(
      db,
      {
        search: query.search,
        folderId: query.folder_id,
        type: query.type,
        unused: query.unused === '1',
        trashed: query.trashed === '1',
      },
      user.access.scope,
      query.page,
      PER_PAGE,
    );
    return { media: paginate(raw, rows, total, query.page, PER_PAGE) };
  });

  registerCall(app, mediaUpload, async ({ raw, user }) => {
    const form = await readMediaForm(raw, ['files[]', 'files', 'file']);
    const folderId = await uploadFolder(db, parseId(form.fields.folder_id, 'folder_id'), user.access.scope);
    if (form.files.length === 0) throw invalid({ files: 'Choose at least one file to upload.' });
    const data = [];
    for (const file of form.files) {
      const stored = file.error
        ? { error: file.error }
        : file.bytes.length === 0
          ? { error: 'The file is empty.' }
          : await storeUpload(db, storage, queueRenditions, file, folderId);
      data.push(
        'error' in stored
          ? { name: file.name, item: null, duplicate: false, error: stored.error }
          : { name: file.name, item: toMediaItem(stored.item), duplicate: stored.duplicate, error: null },
      );
    }
    // Nothing stored: the upload as a whole is refused, each file's reason under its field.
    if (data.every((answer) => answer.error !== null)) {
      throw unprocessable(Object.fromEntries(data.map((answer, i) => [`files.${i}`, [answer.error ?? '']])));
    }
    return { data };
  });

  const found = async (id: number, scope: Parameters<typeof findMedia>[2]) => {
    const item = await findMedia(db, id, scope);
    if (!item) throw notFound('No such item.');
    return item;
  };

  // The uses the caller may open are named, the others counted; deleting for good counts them all.
  registerCall(app, mediaShow, async ({ params, user }) => {
    const item = await found(params.id, user.access.scope);
    const { uses, hidden } = await usesOf(db, item.id, user.access);
    return { data: { ...toMediaItem(item), uses, uses_hidden: hidden } };
  });

  registerCall(app, mediaUpdate, async ({ params, body, user }) => {
    const item = await found(params.id, user.access.scope);
    if (body.folder_id) await folderInScope(db, body.folder_id, user.access.scope);
    if (body.folder_id === null && !isGroupWide(user.access.scope)) {
      throw invalid({ folder_id: 'Choose a folder.' });
    }
    await db
      .update(media)
      .set({
        ...('alt' in body ? { alt: body.alt } : {}),
        ...(body.decorative !== undefined ? { decorative: body.decorative } : {}),
        ...('caption' in body ? { caption: body.caption } : {}),
        ...('credit' in body ? { credit: body.credit } : {}),
        ...(body.tags ? { tags: [...new Set(body.tags)] } : {}),
        ...(body.folder_id !== undefined ? { folderId: body.folder_id } : {}),
        ...(body.focal_point ? { focalX: body.focal_point.x, focalY: body.focal_point.y } : {}),
        updatedAt: new Date(),
      })
      .where(eq(media.id, item.id));
    return { data: toMediaItem(await found(item.id, user.access.scope)), message: 'Saved.' };
  });

  registerCall(app, mediaReplace, async ({ params, raw, user }) => {
    const item = await found(params.id, user.access.scope);
    const form = await readMediaForm(raw, ['file', 'files[]', 'files']);
    const [file] = form.files;
    if (!file || file.bytes.length === 0) throw invalid({ file: file?.error ?? 'Choose a file to upload.' });
    if (file.error) throw invalid({ file: file.error });
    const replaced = await replaceFile(db, storage, queueRenditions, item, file);
    return { data: toMediaItem(replaced), message: 'Replaced.' };
  });

  registerCall(app, mediaDelete, async ({ body, user }) => ({
    message: await binItems(db, body.ids, user.access.scope),
  }));
  registerCall(app, mediaRestore, async ({ body, user }) => ({
    message: await restoreItems(db, body.ids, user.access.scope),
  }));
  registerCall(app, mediaForever, async ({ body, user }) => ({
    message: await deleteForever(db, storage, body.ids, user.access.scope),
  }));

  registerCall(app, mediaFoldersCall, async ({ user }) => ({
    data: await listFolders(db, user.access.scope),
  }));

  registerCall(app, mediaFolderCreate, async ({ body, user }) => {
    const scope = user.access.scope;
    let brandId = body.brand_id ?? null;
    const dealershipId = body.dealership_id ?? null;
    if (dealershipId) {
      const [dealership] = await db
        .select({ brandId: dealerships.brandId })
        .from(dealerships)
        .where(eq(dealerships.id, dealershipId));
      const reached =
        dealership &&
        (isGroupWide(scope) ||
          scope.dealership_ids.includes(dealershipId) ||
          (dealership.brandId !== null && scope.brand_ids.includes(dealership.brandId)));
      if (!reached) throw notFound('No such dealership.');
      brandId = null;
    } else if (brandId) {
      if (!isGroupWide(scope) && !scope.brand_ids.includes(brandId)) throw notFound('No such brand.');
    } else if (!isGroupWide(scope)) {
      throw invalid({ brand_id: 'Choose a brand or a dealership.' });
    }
    try {
      const [folder] = await db
        .insert(mediaFolders)
        .values({ name: body.name, brandId, dealershipId })
        .returning();
      if (!folder) throw new Error('No folder was made.');
      return {
        data: {
          id: folder.id,
          name: folder.name,
          brand_id: folder.brandId,
          dealership_id: folder.dealershipId,
          own: folder.own,
        },
        message: 'Folder added.',
      };
    } catch (error) {
      if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) throw invalid({ brand_id: 'No such brand.' });
      // Two adding the same name at once: the unique index decides.
      throw folderNameTaken(error) ?? error;
    }
  });
}
