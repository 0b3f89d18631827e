import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Comment } from '@/api/contract/comments';
import type { Scope } from '@/shared/access';
import type { Db } from '../../db/open';
import { comments } from '../../db/schema/comments';
import { revisions } from '../../db/schema/history';
import { users } from '../../db/schema/users';
import { invalid, notFound } from '../../http/errors';
import { isoTime, isoTimeOrNull } from '../isoTime';
import { type NoticeMail, notify, toUsers } from '../notifications/notify';
import { findPage } from '../pages/read';
import { transaction } from '../transaction';

type CommentRow = typeof comments.$inferSelect;

const NO_PAGE = 'That page was not found.';
const NO_COMMENT = 'That comment was not found.';

/** `pages:12` -> 12. */
export const pageIdOf = (record: string): number => Number(record.slice('pages:'.length));

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    record: `pages:${row.pageId}`,
    reply_to: row.replyTo,
    block_key: row.blockKey,
    field: row.field,
    body: row.body,
    author: { id: row.authorId, name: row.authorName },
    mentions: row.mentions,
    revision_id: row.revisionId,
    created_at: isoTime(row.createdAt),
    resolved_at: isoTimeOrNull(row.resolvedAt),
    resolved_by: row.resolvedAt ? { id: row.resolvedById, name: row.resolvedByName ?? '' } : null,
  };
}

/** The page a comment call names, live and in the caller's scope, or 404. */
async function pageInScope(db: Db, pageId: number, scope: Scope) {
  const page = await findPage(db, 'page', pageId, scope);
  if (!page) throw notFound(NO_PAGE);
  return page;
}

export async function listComments(db: Db, record: string, scope: Scope): Promise<Comment[]> {
  const page = await pageInScope(db, pageIdOf(record), scope);
  const rows = await db.select().from(comments).where(eq(comments.pageId, page.id)).orderBy(asc(comments.id));
  return rows.map(toComment);
}

/**
 * Whether `body` mentions `handle` (a name or an e-mail address): `@` then the handle, any case,
 * with no letter or digit just before the `@` (so an e-mail address in the text mentions nobody)
 * nor just after the handle (so `@Jo` does not mention Jo Bloggs' namesake Jon).
 */
export function mentions(body: string, handle: string): boolean {
  if (!handle) return false;
  const text = body.toLowerCase();
  const wanted = `@${handle.toLowerCase()}`;
  const wordy = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}_]/u.test(char);
  for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + 1)) {
    if (!wordy(text[at - 1]) && !wordy(text[at + wanted.length])) return true;
  }
  return false;
}

/**
 * The live users a body mentions, each once: `@Full Name` or `@email@example.com` (see
 * `mentions`). Whether each may see the page is decided where they are notified.
 */
async function mentionedIn(db: Db, body: string): Promise<Array<{ id: number; name: string }>> {
  if (!body.includes('@')) return [];
  const candidates = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`((length(${users.name}) > 0 and position('@' || lower(${users.name}) in lower(${body})) > 0)
          or position('@' || lower(${users.email}) in lower(${body})) > 0)`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(50);
  return candidates
    .filter((user) => mentions(body, user.name) || mentions(body, user.email))
    .slice(0, 20)
    .map(({ id, name }) => ({ id, name }));
}

export interface NewComment {
  record: string;
  reply_to?: number | null | undefined;
  block_key?: string | null | undefined;
  field?: string | null | undefined;
  body: string;
}

/**
 * The first comment of the thread a reply goes into, on the same page: a reply to a reply joins
 * the same thread. 422 at `reply_to` when there is none.
 */
async function threadOf(db: Db, pageId: number, replyTo: number): Promise<CommentRow> {
  const [parent] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, replyTo), eq(comments.pageId, pageId)));
  if (!parent) throw invalid({ reply_to: 'That comment is not on this page.' });
  if (parent.replyTo === null) return parent;
  const [first] = await db.select().from(comments).where(eq(comments.id, parent.replyTo));
  return first!;
}

/**
 * Leaves a comment on the page (or its block, or a field of it), at the page's latest revision. A
 * reply goes into its thread, about what the thread is about (even a block since removed), and
 * opens the thread again if it was resolved: there is something new to read.
 */
export async function createComment(
  db: Db,
  mail: NoticeMail,
  input: NewComment,
  author: { id: number; name: string },
  scope: Scope,
): Promise<Comment> {
  const page = await pageInScope(db, pageIdOf(input.record), scope);
  const thread = input.reply_to ? await threadOf(db, page.id, input.reply_to) : null;
  const blockKey = thread ? thread.blockKey : (input.block_key ?? null);
  if (blockKey && !thread) {
    const items = (page.items ?? []) as Array<{ id?: string; sections?: Record<string, unknown> }>;
    const block = items.find((item) => item.id === blockKey);
    if (!block) throw invalid({ block_key: 'That block is not on the page: save the page first.' });
    const field = input.field ?? null;
    if (field) {
      const [section, name] = field.split('.');
      if (!section || !name || !Object.hasOwn(block.sections ?? {}, section))
        throw invalid({ field: 'That field is not in the block.' });
    }
  }
  const [latest] = await db
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.area, 'pages'), eq(revisions.record, String(page.id))))
    .orderBy(desc(revisions.id))
    .limit(1);
  const mentioned = await mentionedIn(db, input.body);
  const row = await transaction(db, async (tx) => {
    const [made] = await tx
      .insert(comments)
      .values({
        pageId: page.id,
        replyTo: thread?.id ?? null,
        blockKey,
        field: thread ? thread.field : blockKey ? (input.field ?? null) : null,
        body: input.body,
        authorId: author.id,
        authorName: author.name,
        mentions: mentioned,
        revisionId: latest?.id ?? null,
      })
      .returning();
    if (thread) {
      await tx
        .update(comments)
        .set({ resolvedAt: null, resolvedById: null, resolvedByName: null })
        .where(eq(comments.id, thread.id));
    }
    if (mentioned.length > 0) {
      const excerpt = input.body.length > 200 ? `${input.body.slice(0, 199)}\u2026` : input.body;
      await notify(
        tx,
        mail,
        {
          kind: 'mention',
          text: `${author.name} mentioned you on \u201c${page.name}\u201d: ${excerpt}`,
          record: { kind: 'page', id: page.id, name: page.name },
        },
        toUsers(mentioned.map((user) => user.id)),
      );
    }
    return made!;
  });
  return toComment(row);
}

/**
 * Resolves (or, with `resolved` false, reopens) a comment thread on a page in the caller's scope;
 * a reply's id names its thread. Answers the thread's first comment.
 */
export async function setResolved(
  db: Db,
  id: number,
  resolved: boolean,
  by: { id: number; name: string },
  scope: Scope,
): Promise<Comment> {
  const [named] = await db.select().from(comments).where(eq(comments.id, id));
  if (!named) throw notFound(NO_COMMENT);
  const found =
    named.replyTo === null
      ? named
      : (await db.select().from(comments).where(eq(comments.id, named.replyTo)))[0]!;
  // A comment on a page out of the caller's scope is as unknown to them as the page.
  if (!(await findPage(db, 'page', found.pageId, scope))) throw notFound(NO_COMMENT);
  const [row] = await db
    .update(comments)
    .set(
      resolved
        ? { resolvedAt: found.resolvedAt ?? new Date(), resolvedById: by.id, resolvedByName: by.name }
        : { resolvedAt: null, resolvedById: null, resolvedByName: null },
    )
    .where(eq(comments.id, found.id))
    .returning();
  return toComment(row!);
}
