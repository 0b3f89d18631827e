import { sql } from 'drizzle-orm';
import type { FormValues } from '@/api/contract/forms';
import type { PageValues } from '@/api/contract/pages';
import {
  type Access,
  can,
  isGroupWide,
  OTHERS_BELOW,
  refusal,
  type Scope,
  wholeGroup,
} from '@/shared/access';
import type { Db } from '../../db/open';
import { forbidden } from '../access/require';
import type { TreeKind } from './lists';
import type { PageRow } from './read';
import { othersBelow } from './scope';
import { rowsOf } from './transaction';

/**
 * Who makes a change, as the tree's writes check it: their scope (the pages they reach) and their
 * role (whether they may publish). Absent for the server's own changes (scheduled jobs, seeding).
 */
export type Writer = Access | undefined;

export const scopeOf = (writer: Writer): Scope => writer?.scope ?? wholeGroup;

const areaOf = (kind: TreeKind) => (kind === 'page' ? 'pages' : 'forms');

/**
 * The one publish gate of the tree's writes: a change that puts a page or form on the website or
 * takes it off (the toggle, a save or an import that sets Published or its times, a duplicate
 * that publishes its children, putting back a published page) needs 'publish' in its area.
 */
export function requirePublish(writer: Writer, kind: TreeKind): void {
  if (writer && !can(writer, 'publish', areaOf(kind))) {
    throw forbidden(refusal(writer, 'publish', areaOf(kind)));
  }
}

/**
 * A page's publishing, place and slug reach every page below it on the website (an unpublished
 * section hides its children, a moved or renamed one changes their addresses). A scoped writer
 * changes them only where every page below is theirs too: otherwise 403, decided by one statement
 * in the change's own transaction. The writer has found the page itself in their scope already.
 */
export async function requireWholeSubtree(tx: Db, id: number, writer: Writer): Promise<void> {
  const scope = scopeOf(writer);
  if (isGroupWide(scope)) return;
  const [row] = rowsOf<{ others: boolean }>(
    await tx.execute(sql`select ${othersBelow(scope, id)} as others`),
  );
  if (row?.others) throw forbidden(OTHERS_BELOW);
}

/**
 * Whether saving `values` over `current` (or as a new record) changes what the website shows of it.
 * Times count to the minute: the builder's picker holds minutes, so a stored time with seconds
 * comes back from an editor who did not touch it as the start of its minute.
 */
export function changesPublishing(values: PageValues | FormValues, current?: PageRow): boolean {
  const minute = (at: number) => Math.floor(at / 60_000);
  const time = (at: string | null | undefined) => (at ? minute(new Date(at).getTime()) : null);
  const stored = (at: Date | null) => (at ? minute(at.getTime()) : null);
  const wants = {
    published: values.published === 1,
    publishedAt: time(values.published_at),
    unpublishAt: time(values.unpublish_at),
  };
  if (!current) return wants.published || wants.publishedAt !== null || wants.unpublishAt !== null;
  return (
    wants.published !== current.published ||
    wants.publishedAt !== stored(current.publishedAt) ||
    wants.unpublishAt !== stored(current.unpublishAt)
  );
}
