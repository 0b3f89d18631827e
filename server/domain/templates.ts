import { asc, eq, sql } from 'drizzle-orm';
import type { Template, TemplateValues } from '@/api/contract/templates';
import { withBlockIds } from '@/shared/blockIds';
import { missingRecord } from '@/shared/missing';
import type { Db } from '../db/open';
import { templates } from '../db/schema/pages';
import { invalid } from '../http/errors';
import { readItems } from './blocks';
import { isoTime } from './isoTime';
import type { PagedSource } from './listing';
import { type RecordMessages, type RecordTable, uniqueField } from './records';

export type TemplateRow = typeof templates.$inferSelect;

export const templatesTable: RecordTable = {
  table: templates,
  id: templates.id,
  updatedAt: templates.updatedAt,
};

export const templateMessages: RecordMessages = {
  notFound: missingRecord('template'),
  conflict: 'Someone else changed this template since you opened it. Reload to see their changes.',
  refused: uniqueField('templates_name_unique', 'name', 'There is already a template with that name.'),
};

export const TEMPLATE_LOCKED = 'This template is locked you cannot make structural changes to this template.';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    items: readItems(row.items),
    locked: flag(row.locked),
    lock_pages: flag(row.lockPages),
    is_allowed_children: flag(row.isAllowedChildren),
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
  };
}

/** What the templates list shows: name and lock, searched by name, in name order. */
export const templatesListing: PagedSource<TemplateRow, Pick<Template, 'id' | 'name' | 'locked'>> = {
  name: 'templates',
  table: templates,
  searchText: sql`${templates.name}`,
  select: (db) => db.select().from(templates).$dynamic(),
  order: [asc(sql`lower(${templates.name})`), asc(templates.id)],
  toItem: (row) => ({ id: row.id, name: row.name, locked: flag(row.locked) }),
};

/** A template (the group's: every user who may view templates reads it, whatever their scope). */
export async function findTemplateRow(db: Db, id: number): Promise<TemplateRow | null> {
  const [row] = await db.select().from(templates).where(eq(templates.id, id));
  return row ?? null;
}

/** Every template as a select option, by name. */
export async function templateOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .orderBy(asc(sql`lower(${templates.name})`), asc(templates.id));
}

/** Form values -> columns; each block gets an id, so a locked template keeps each block at its place. */
export function templateColumns(values: TemplateValues) {
  return {
    name: values.name,
    items: withBlockIds(values.items),
    locked: values.locked === 1,
    lockPages: values.lock_pages === 1,
    isAllowedChildren: values.is_allowed_children === 1,
  };
}

/** A name another template already has (case aside), before the unique index is asked. */
export async function checkTemplateName(db: Db, name: string, exceptId?: number): Promise<void> {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(sql`lower(${templates.name}) = lower(${name})`);
  if (row && row.id !== exceptId) throw invalid({ name: 'There is already a template with that name.' });
}

/** A page's child template must be one that exists. */
export async function requireTemplate(db: Db, id: number | null): Promise<void> {
  if (id === null) return;
  if (!(await findTemplateRow(db, id)))
    throw invalid({ child_template_id: 'Choose a template from the list.' });
}
