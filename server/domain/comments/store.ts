import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Comment } from '@/api/contract/comments';
import type { Scope } from '@/shared/access';
import type { Db } from '../../db/open';
import { comments } from '../../db/schema/comments';
import { revisions } from '../../db/schema/history';
import { users } from '../../db/schema/users';
import { invalid, notFound } from '../../http/errors';
import { findPage } from '../pages/read';

type CommentRow = typeof comments.$inferSelect;

const NO_PAGE = 'That page was not found.';
const NO_COMMENT = 'That comment was not found.';

/** `pages:12` -> 12. */
export const pageIdOf = (record: string): number => Number(record.slice('pages:'.length));

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    record: `pages:${row.pageId}`,
    block_key: row.blockKey,
    field: row.field,
    body: row.body,
    author: { id: row.authorId, name: row.authorName },
    mentions: row.mentions,
    revision_id: row.revisionId,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
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
 * The users a body names with `@Name` (their whole name, any case), each once: only live users who
 * may be told about the page are kept by the caller.
 */
async function mentionedIn(db: Db, body: string): Promise<Array<{ id: number; name: string }>> {
  if (!body.includes('@')) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`length(${users.name}) > 0 and position('@' || lower(${users.name}) in lower(${body})) > 0`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(20);
}

export interface NewComment {
  record: string;
  block_key?: string | null | undefined;
  field?: string | null | undefined;
  body: string;
}

/** Leaves a comment on the page (or its block, or a field of it), at the page's latest revision. */
export async function createComment(
  db: Db,
  input: NewComment,
  author: { id: number; name: string },
  scope: Scope,
): Promise<Comment> {
  const page = await pageInScope(db, pageIdOf(input.record), scope);
  const blockKey = input.block_key ?? null;
  if (blockKey) {
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
  const mentions = await mentionedIn(db, input.body);
  const [row] = await db
    .insert(comments)
    .values({
      pageId: page.id,
      blockKey,
      field: blockKey ? (input.field ?? null) : null,
      body: input.body,
      authorId: author.id,
      authorName: author.name,
      mentions,
      revisionId: latest?.id ?? null,
    })
    .returning();
  return toComment(row!);
}

/** Resolves (or, with `resolved` false, reopens) a comment on a page in the caller's scope. */
export async function setResolved(
  db: Db,
  id: number,
  resolved: boolean,
  by: { id: number; name: string },
  scope: Scope,
): Promise<Comment> {
  const [found] = await db.select().from(comments).where(eq(comments.id, id));
  if (!found) throw notFound(NO_COMMENT);
  // A comment on a page out of the caller's scope is as unknown to them as the page.
  if (!(await findPage(db, 'page', found.pageId, scope))) throw notFound(NO_COMMENT);
  const [row] = await db
    .update(comments)
    .set(
      resolved
        ? { resolvedAt: found.resolvedAt ?? new Date(), resolvedById: by.id, resolvedByName: by.name }
        : { resolvedAt: null, resolvedById: null, resolvedByName: null },
    )
    .where(eq(comments.id, id))
    .returning();
  return toComment(row!);
}
