import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@/api/contract/notifications';
import type { Db } from '../../db/open';
import { notifications } from '../../db/schema/notifications';
import { invalid } from '../../http/errors';
import { isoTime, isoTimeOrNull } from '../isoTime';
import { PAGE_SIZE } from '../paginate';

type NoticeRow = typeof notifications.$inferSelect;

const toNotification = (row: NoticeRow): Notification => ({
  id: row.id,
  kind: row.kind,
  text: row.text,
  record: row.record,
  url: row.path,
  read_at: isoTimeOrNull(row.readAt),
  created_at: isoTime(row.createdAt),
});

/** How many of the user's notices are unread. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** A page of the user's own notices, newest first, with their total and how many are unread. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: number,
): Promise<{ rows: Notification[]; total: number; unread: number }> {
  const mine = eq(notifications.userId, userId);
  const [rows, [counted], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(notifications).where(mine),
    unreadCount(db, userId),
  ]);
  return { rows: rows.map(toNotification), total: Number(counted?.n ?? 0), unread };
}

export const NOT_YOURS = 'Choose notices of yours.';

/**
 * Marks the user's notices read (`ids`, or every one): each keeps the time it was first read, so
 * two requests at once both succeed. An id that is not one of the user's own notices (another's,
 * or none) is refused at its field, and nothing is marked.
 */
export async function markRead(db: Db, userId: number, ids: readonly number[] | 'all'): Promise<number> {
  const mine = eq(notifications.userId, userId);
  if (ids !== 'all') {
    const wanted = [...new Set(ids)];
    const found = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(mine, inArray(notifications.id, wanted)));
    const known = new Set(found.map((row) => row.id));
    const errors: Record<string, string> = {};
    ids.forEach((id, i) => {
      if (!known.has(id)) errors[`ids.${i}`] = NOT_YOURS;
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
  }
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        mine,
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
  return unreadCount(db, userId);
}

/** How long a read notice is kept, from when it was sent; unread ones are kept until read. */
export const NOTICES_KEPT_DAYS = 90;

/** Forgets the read notices sent more than `NOTICES_KEPT_DAYS` before `now`. */
export async function pruneNotices(db: Db, now: Date = new Date()): Promise<void> {
  const before = new Date(now.getTime() - NOTICES_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db.execute(
    sql`delete from notifications where read_at is not null and created_at < ${before}::timestamptz`,
  );
}
