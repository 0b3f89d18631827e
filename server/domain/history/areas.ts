import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ActivityArea } from '@/api/contract/activity';
import type { HistoryArea } from '@/api/contract/history';
import { brands } from '../../db/schema/brands';
import { dealerships } from '../../db/schema/dealerships';
import { pages, templates } from '../../db/schema/pages';
import { roles } from '../../db/schema/roles';
import { settings } from '../../db/schema/settings';
import type { OwnerColumns } from '../access/scope';
import { pageBrand } from '../pages/scope';

/** Where an area's records are stored, for the revisions kept of them. */
export interface HistoryStore {
  /** The table a record's row is read from, and revived into (its columns by their TypeScript names). */
  table: PgTable;
  /** The condition that picks one record's row by the key its revisions are kept under. */
  row: (record: string) => SQL;
  /** An area that is one record (the settings): the key its revisions are kept under and its name in the log. */
  one?: { key: string; name: string };
  /** Where a record belongs (none: the group's), so a scoped user reads only their records' history. */
  owner: OwnerColumns;
  /** The group's records that every user who may view the area reads, whatever their scope (templates). */
  readByEveryone?: true;
}

/**
 * The server's side of one area of the activity log: whether a logged record can still be opened,
 * and, for an area that keeps revisions, where they come from. Its words (label, noun, the screen
 * a record opens on) are in `src/shared/areas.ts`; how a revision becomes what its editor loads
 * is in `server/routes/history.ts`.
 */
export interface ServerArea {
  /**
   * The statement that finds the record by id when its editor (or show screen) still opens it;
   * null for an area whose entries never link to a gone record (no record, or one record).
   */
  opens: ((id: SQL) => SQL) | null;
  /**
   * Where a record of the area belongs, read when a change to it is logged (the activity row keeps
   * it, so a scoped user's log is a condition on the row); null for an area of the group's own.
   */
  owner: ((id: SQL) => { brand: SQL; dealership: SQL }) | null;
  history?: HistoryStore;
}

/** Each area of the log; an area of `historyAreas` must say where its revisions come from. */
export type ServerAreas = {
  [A in ActivityArea]: A extends HistoryArea
    ? ServerArea & { history: HistoryStore }
    : ServerArea & { history?: never };
};

/** The settings are one record: their revisions are kept under this key. */
export const SETTINGS_KEY = 'site';

/** The name the activity log gives the settings. */
export const SETTINGS_NAME = 'Site settings';

/** A table whose records are kept by their id. */
const byId = (table: PgTable, id: PgColumn, owner: OwnerColumns): HistoryStore => ({
  table,
  row: (record) => eq(id, Number(record)),
  owner,
});

/** Pages and forms share a table, told apart by their kind. */
const ofKind = (kind: 'page' | 'form'): HistoryStore => ({
  table: pages,
  row: (record) => and(eq(pages.id, Number(record)), eq(pages.kind, kind)) as SQL,
  owner: { brand: pageBrand() },
});

/**
 * Every area of the activity log. A page or form deleted is gone from its editor at once, though
 * its row waits for Undo before it is purged; a user, brand or dealership in the bin still opens,
 * so only a row deleted forever is gone.
 */
/** A page's or form's owner: its brand or the nearest above it (see pages/scope.ts). */
const pageOwner = (id: SQL) => ({
  brand: sql`(select ${pageBrand(sql`g`)} from pages g where g.id = ${id})`,
  dealership: sql`null::int`,
});

/** Enquiries and reservations store their owner beside them. */
const storedOwner = (table: 'responses' | 'reservations') => (id: SQL) => ({
  brand: sql`(select g.brand_id from ${sql.identifier(table)} g where g.id = ${id})`,
  dealership: sql`(select g.dealership_id from ${sql.identifier(table)} g where g.id = ${id})`,
});

export const serverAreas: ServerAreas = {
  auth: { opens: null, owner: null },
  users: { opens: (id) => sql`select 1 from users g where g.id = ${id}`, owner: null },
  roles: {
    opens: (id) => sql`select 1 from roles g where g.id = ${id}`,
    owner: null,
    history: byId(roles, roles.id, {}),
  },
  brands: {
    opens: (id) => sql`select 1 from brands g where g.id = ${id}`,
    owner: (id) => ({ brand: sql`${id}`, dealership: sql`null::int` }),
    history: byId(brands, brands.id, { brand: brands.id }),
  },
  dealerships: {
    opens: (id) => sql`select 1 from dealerships g where g.id = ${id}`,
    owner: (id) => ({
      brand: sql`(select g.brand_id from dealerships g where g.id = ${id})`,
      dealership: sql`${id}`,
    }),
    history: byId(dealerships, dealerships.id, { brand: dealerships.brandId, dealership: dealerships.id }),
  },
  pages: {
    opens: (id) => sql`select 1 from pages g where g.id = ${id} and g.kind = 'page' and g.deleted_at is null`,
    owner: pageOwner,
    history: ofKind('page'),
  },
  forms: {
    opens: (id) => sql`select 1 from pages g where g.id = ${id} and g.kind = 'form' and g.deleted_at is null`,
    owner: pageOwner,
    history: ofKind('form'),
  },
  templates: {
    opens: (id) => sql`select 1 from templates g where g.id = ${id}`,
    owner: null,
    // The group's own, read by everyone who may view templates (as the templates themselves are).
    history: { ...byId(templates, templates.id, {}), readByEveryone: true },
  },
  responses: {
    opens: (id) => sql`select 1 from responses g where g.id = ${id}`,
    owner: storedOwner('responses'),
  },
  reservations: {
    opens: (id) => sql`select 1 from reservations g where g.id = ${id}`,
    owner: storedOwner('reservations'),
  },
  settings: {
    opens: null,
    owner: null,
    history: {
      table: settings,
      row: (record) => eq(settings.key, record),
      one: { key: SETTINGS_KEY, name: SETTINGS_NAME },
      owner: {},
    },
  },
  // An endpoint's scope is a list of brands and dealerships, not one owner: its entries are the
  // group's, read by whoever may view webhooks group-wide.
  webhooks: { opens: (id) => sql`select 1 from webhooks g where g.id = ${id}`, owner: null },
};

/** Where an area that keeps revisions stores its records. */
export const historyStore = (area: HistoryArea): HistoryStore => serverAreas[area].history;
