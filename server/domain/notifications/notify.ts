import { type SQL, sql } from 'drizzle-orm';
import type { NoticeKind } from '@/api/contract/notifications';
import { pathTo } from '@/shared/paths';
import type { Db } from '../../db/open';
import { userMay } from '../access/mayUsers';
import { intArray } from '../access/scope';
import { currentActor } from '../history/actor';
import { type EnqueueWithin, queueMail } from '../mailQueue';
import { pageBrand } from '../pages/scope';
import { rowsOf } from '../pages/transaction';

/** What sending a notice's e-mail needs: the mail queue, and where users reach the console. */
export interface NoticeMail {
  enqueueMail: EnqueueWithin;
  /** PUBLIC_URL: the e-mail's link starts with it (without it the link is the console's path). */
  publicUrl: string | null;
}

/** A record a notice is about: a page or a form (both rows of the page tree). */
export interface NoticeRecord {
  kind: 'page' | 'form';
  id: number;
  name: string;
}

const areaOf = (record: NoticeRecord) => (record.kind === 'page' ? 'pages' : 'forms');

/** Who a notice goes to, as a condition over the users row `u` (its role is `ro`). */
export const toUsers = (ids: readonly number[]): SQL => sql`u.id = any(${intArray(ids)}::int[])`;

/** The people who may move a record on from a stage: its users, and the holders of its roles. */
export const toStage = (stage: { user_ids: readonly number[]; role_ids: readonly number[] }): SQL =>
  sql`(u.id = any(${intArray(stage.user_ids)}::int[]) or u.role_id = any(${intArray(stage.role_ids)}::int[]))`;

/**
 * Tells `to` of a change to a record, in the change's transaction: a notice each in the console
 * and an e-mail each through the mail queue. Only people the one rule lets view the record (their
 * role views its area, their scope reaches its brand) are told, and never whoever made the change.
 * How many were told.
 */
export async function notify(
  tx: Db,
  mail: NoticeMail,
  notice: { kind: NoticeKind; text: string; record: NoticeRecord },
  to: SQL,
): Promise<number> {
  const { record } = notice;
  const area = areaOf(record);
  const path = pathTo(record.kind === 'page' ? 'pages.edit' : 'forms.edit', { id: record.id });
  const actor = currentActor();
  const told = rowsOf<{ email: string }>(
    await tx.execute(sql`
      with who as (
        select u.id, u.email
        from pages p, users u join roles ro on ro.id = u.role_id
        where p.id = ${record.id} and p.deleted_at is null and ${to}
          and ${userMay('view', area, { brand: pageBrand(sql`p`) })}
          and u.id is distinct from ${actor?.id ?? null}::int
      ),
      made as (
        insert into notifications (user_id, kind, text, record, path, actor_id)
        select who.id, ${notice.kind}, ${notice.text}, ${`${area}:${record.id}`}, ${path}, ${actor?.id ?? null}::int
        from who
        returning user_id
      )
      select who.email from made join who on who.id = made.user_id order by who.id`),
  );
  const link = `${mail.publicUrl ?? ''}${path}`;
  for (const { email } of told) {
    await queueMail(tx, mail.enqueueMail, {
      to: [email],
      subject: notice.text.length > 120 ? `${notice.text.slice(0, 119)}\u2026` : notice.text,
      text: `${notice.text}\n\nOpen it in the console: ${link}\n`,
    });
  }
  return told.length;
}
