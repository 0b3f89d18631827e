import type { FastifyInstance } from 'fastify';
import { notificationsList, notificationsRead } from '@/api/contract/notifications';
import type { Db } from '../db/open';
import { listNotifications, markRead } from '../domain/notifications/store';
import { paginate } from '../domain/paginate';
import { registerCall } from '../http/route';

/** The bell: each user's own notices (issue #28). */
export function notificationsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  registerCall(app, notificationsList, async ({ query, raw, user }) => {
    const { rows, total, unread } = await listNotifications(db, user.id, query.page);
    return { notifications: paginate(raw, rows, total, query.page), unread };
  });

  registerCall(app, notificationsRead, async ({ body, user }) => {
    const unread = await markRead(db, user.id, body.all ? 'all' : (body.ids ?? []));
    return { message: unread === 0 ? 'Every notice is read.' : 'Marked as read.', unread };
  });
}
