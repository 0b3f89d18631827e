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
import type { Db } from '../db/open';
import { afterCredentialChange, confirmCurrentPassword, credentialChange } from '../domain/auth/credentials';
import { hashPassword } from '../domain/auth/passwords';
import { revokeUserSessions } from '../domain/auth/sessions';
import { userFiles } from '../domain/files/references';
import { recordChange } from '../domain/history/record';
import type { Mailer } from '../domain/mail';
import { createRecord, type RecordMessages, saveVersioned, uniqueField } from '../domain/records';
import { isStoredFile, type Storage } from '../domain/storage';
import { transaction } from '../domain/transaction';
import { emailTaken, findUser, toUser, type UserRow, usersListing } from '../domain/users';
import { registerBin, registerList } from '../http/area';
import { invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

const EMAIL_IN_USE = 'That e-mail address is already in use.';
const messages: RecordMessages = {
  notFound: 'The user you are trying to locate clearly doesn\u2019t exist...',
  conflict: 'Someone else changed this user since you opened it. Reload to see their changes.',
  // Two people saving the same e-mail at once: the unique index decides.
  refused: uniqueField('users_email_unique', 'email', EMAIL_IN_USE),
};

/** What a user row stores from the form, besides the password. */
function meta(body: { telephone: string | null; job_title: string | null; avatar: string | null }) {
  return { telephone: body.telephone, job_title: body.job_title, avatar: body.avatar };
}

export function usersRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage; mailer: Mailer }) {
  const { db, storage, mailer } = opts;

  /** Rules the schema cannot know: a unique e-mail and an avatar that was really uploaded. */
  async function checkRules(fields: { email: string; avatar: string | null }, id?: number, q: Db = db) {
    const errors: Record<string, string> = {};
    if (await emailTaken(q, fields.email, id)) errors.email = EMAIL_IN_USE;
    if (fields.avatar && !(await isStoredFile(storage, fields.avatar)))
      errors.avatar = 'Upload the avatar again.';
    if (Object.keys(errors).length) throw invalid(errors);
  }

  registerList(app, usersList, { db, key: 'users', source: usersListing });
  registerBin(app, {
    db,
    source: usersListing,
    singular: 'user',
    files: { storage, references: userFiles },
    calls: { remove: usersDelete, restore: usersRestore },
    guardDelete: (ids, user) => {
      if (ids.includes(user.id)) throw invalid({ users: 'You cannot delete your own account.' });
    },
    // A binned user is signed out everywhere; restoring them later does not bring the sessions back.
    deleted: (ids) => revokeUserSessions(db, ids),
  });

  registerCall(app, usersShow, async ({ params }) => {
    const row = await findUser(db, params.id);
    if (!row) throw notFound(messages.notFound);
    return { data: toUser(row) };
  });

  registerCall(app, usersValidation, async ({ body }) => {
    if (body.id !== undefined && !(await findUser(db, body.id))) throw notFound(messages.notFound);
    await checkRules(body, body.id);
    return { valid: true as const };
  });

  registerCall(app, usersCreate, async ({ body }) => {
    await checkRules(body);
    const passwordHash = await hashPassword(body.password);
    const values = { name: body.name, email: body.email, passwordHash, meta: meta(body) };
    const id = await transaction(db, async (tx) => {
      const { id } = await createRecord(tx, usersListing.lifecycle, values, messages);
      await recordChange(tx, { area: 'users', action: 'created', record: { id, name: body.name } });
      return id;
    });
    return { id, message: 'You have added a new user.' };
  });

  registerCall(app, usersUpdate, async ({ params, body, user, raw }) => {
    let change: ReturnType<typeof credentialChange> | undefined;
    let before: UserRow | undefined;
    const id = await transaction(db, async (tx) => {
      const { id } = await saveVersioned(tx, usersListing.lifecycle, {
        id: params.id,
        loadedAt: body.updated_at,
        find: (id) => findUser(tx, id),
        check: async (current) => {
          await checkRules(body, params.id, tx);
          change = credentialChange(current, body);
          await confirmCurrentPassword(tx, {
            self: user.id === current.id,
            current,
            change,
            currentPassword: body.current_password,
          });
          before = current;
        },
        values: async () => ({
          name: body.name,
          email: body.email,
          ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
          meta: meta(body),
        }),
        messages,
        inTransaction: true,
      });
      await recordChange(tx, { area: 'users', action: 'updated', record: { id, name: body.name } });
      return id;
    });
    // Once the change has committed: sessions end and the user is told.
    if (change && before) {
      await afterCredentialChange(db, mailer, {
        before,
        newEmail: body.email,
        change,
        by: user,
        log: (error) => raw.log.error({ err: error }, 'could not send the sign-in change notice'),
      });
    }
    return { id, message: 'You have updated a user.' };
  });
}
