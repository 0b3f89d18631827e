import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  usersCreate,
  usersDelete,
  usersList,
  usersRestore,
  usersShow,
  usersUpdate,
  usersValidation,
} from '@/api/contract/users';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../db/errors';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { hashPassword } from '../domain/auth/passwords';
import { deletingFiles } from '../domain/files/cleanup';
import { userFiles } from '../domain/files/references';
import { deleteRows, restoreRows } from '../domain/lifecycle';
import { paginate } from '../domain/paginate';
import { isStoredFile, type Storage } from '../domain/storage';
import { emailTaken, findUser, listUsers, toUser, usersLifecycle } from '../domain/users';
import { HttpError, invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

const NOT_FOUND = 'The user you are trying to locate clearly doesn\u2019t exist...';
const conflict = () =>
  new HttpError(409, 'Someone else changed this user since you opened it. Reload to see their changes.');
const emailInUse = () => invalid({ email: 'That e-mail address is already in use.' });

export function usersRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;

  /** Rules the schema cannot know: a unique e-mail and an avatar that was really uploaded. */
  async function checkRules(fields: { email: string; avatar: string | null }, id?: number) {
    const errors: Record<string, string> = {};
    if (await emailTaken(db, fields.email, id)) errors.email = 'That e-mail address is already in use.';
    if (fields.avatar && !(await isStoredFile(storage, fields.avatar)))
      errors.avatar = 'Upload the avatar again.';
    if (Object.keys(errors).length) throw invalid(errors);
  }

  registerCall(app, usersList, async ({ query, raw }) => {
    const [active, trashed] = await Promise.all([
      listUsers(db, { search: query.search, page: query.page, trashed: false }),
      listUsers(db, { search: query.search, page: query.page, trashed: true }),
    ]);
    return {
      users: paginate(raw, active.rows, active.total, query.page),
      trashed: paginate(raw, trashed.rows, trashed.total, query.page),
    };
  });

  registerCall(app, usersShow, async ({ params }) => {
    const row = await findUser(db, params.id);
    if (!row) throw notFound(NOT_FOUND);
    return { data: toUser(row) };
  });

  registerCall(app, usersValidation, async ({ body }) => {
    if (body.id !== undefined && !(await findUser(db, body.id))) throw notFound(NOT_FOUND);
    await checkRules(body, body.id);
    return { valid: true as const };
  });

  registerCall(app, usersCreate, async ({ body }) => {
    await checkRules(body);
    const passwordHash = await hashPassword(body.password);
    try {
      const [row] = await db
        .insert(users)
        .values({
          name: body.name,
          email: body.email,
          passwordHash,
          meta: { telephone: body.telephone, job_title: body.job_title, avatar: body.avatar },
        })
        .returning({ id: users.id });
      return { id: row!.id, message: 'You have added a new user.' };
    } catch (error) {
      // Two people adding the same e-mail at once: the unique index decides.
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw emailInUse();
      throw error;
    }
  });

  registerCall(app, usersUpdate, async ({ params, body }) => {
    const current = await findUser(db, params.id);
    if (!current) throw notFound(NOT_FOUND);
    if (body.updated_at && new Date(body.updated_at).getTime() !== current.updatedAt.getTime()) {
      throw conflict();
    }
    await checkRules(body, params.id);
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    try {
      const [row] = await db
        .update(users)
        .set({
          name: body.name,
          email: body.email,
          ...(passwordHash ? { passwordHash } : {}),
          meta: { telephone: body.telephone, job_title: body.job_title, avatar: body.avatar },
          updatedAt: new Date(),
        })
        // The version is checked again in the write itself: another save may have landed since the read.
        .where(
          and(eq(users.id, params.id), body.updated_at ? eq(users.updatedAt, current.updatedAt) : undefined),
        )
        .returning({ id: users.id });
      if (!row) throw body.updated_at ? conflict() : notFound(NOT_FOUND);
      return { id: row.id, message: 'You have updated a user.' };
    } catch (error) {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw emailInUse();
      throw error;
    }
  });

  registerCall(app, usersDelete, async ({ body, user }) => {
    if (body.users.includes(user.id)) throw invalid({ users: 'You cannot delete your own account.' });
    const n = await deletingFiles(
      { db, storage, area: userFiles, ids: body.users, forever: body.type === 'trashed' },
      () => deleteRows(db, usersLifecycle, body.users, body.type),
    );
    return {
      message: body.type === 'trashed' ? `Deleted ${n} user(s) forever.` : `Moved ${n} user(s) to the bin.`,
    };
  });

  registerCall(app, usersRestore, async ({ body }) => {
    const n = await restoreRows(db, usersLifecycle, body.users);
    return { message: `Restored ${n} user(s).` };
  });
}
