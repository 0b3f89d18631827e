import type { FastifyInstance } from 'fastify';
import { commentsCreate, commentsList, commentsReopen, commentsResolve } from '@/api/contract/comments';
import type { Db } from '../db/open';
import { forbidden, VIEWING_IS_READ_ONLY } from '../domain/access/require';
import type { AuthUser } from '../domain/auth/guard';
import { createComment, listComments, setResolved } from '../domain/comments/store';
import type { NoticeMail } from '../domain/notifications/notify';
import { registerCall } from '../http/route';

/** Writing a comment is a change: viewing the console as another role is read-only. */
function writer(user: AuthUser) {
  if (user.viewingAs) throw forbidden(VIEWING_IS_READ_ONLY);
  return { id: user.id, name: user.name };
}

export function commentsRoutes(app: FastifyInstance, opts: { db: Db; mail: NoticeMail }) {
  const { db, mail } = opts;

  registerCall(app, commentsList, async ({ query, user }) => ({
    data: await listComments(db, query.record, user.access.scope),
  }));

  registerCall(app, commentsCreate, async ({ body, user }) => ({
    data: await createComment(db, mail, body, writer(user), user.access.scope),
    message: 'Your comment is posted.',
  }));

  registerCall(app, commentsResolve, async ({ body, user }) => ({
    data: await setResolved(db, body.id, true, writer(user), user.access.scope),
    message: 'The comment is resolved.',
  }));

  registerCall(app, commentsReopen, async ({ body, user }) => ({
    data: await setResolved(db, body.id, false, writer(user), user.access.scope),
    message: 'The comment is open again.',
  }));
}
