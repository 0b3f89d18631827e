import type { ActivityArea } from '@/api/contract/activity';
import { pathTo } from './paths';

/**
 * One area whose changes the activity log lists, as people read it: the console and the server
 * both take its words from here. The server's side of the same area (its table, how a revision
 * becomes what the editor loads, whether a logged record is gone) is in
 * `server/domain/history/areas.ts` and `server/routes/history.ts`, keyed the same way.
 */
export interface AreaDescriptor {
  /** The area as the activity log names it, in its Area column and its area filter ('Pages'). */
  label: string;
  /** One of its records, as messages name it ('page'). */
  noun: string;
  /**
   * Where a record of the area opens: its editor, or its show screen where it has no editor. Null
   * where no screen shows one record (a sign-in). An area that is one record (the settings) opens
   * the same screen from every entry, with or without a record.
   */
  opens: { record: (id: number) => string } | { one: string } | null;
  /** Whether a deleted record waits in a bin (spec §1) rather than going at once. */
  bin?: true;
}

/**
 * Every area of the activity log. A new area that logs its changes is added to `activityArea` in
 * the contract; until it is described here too, this does not compile.
 */
export const areas = {
  auth: { label: 'Sign-in', noun: 'sign-in', opens: null },
  users: { label: 'Users', noun: 'user', bin: true, opens: { record: (id) => pathTo('users.edit', { id }) } },
  roles: { label: 'Roles', noun: 'role', bin: true, opens: { record: (id) => pathTo('roles.edit', { id }) } },
  brands: {
    label: 'Brands',
    noun: 'brand',
    bin: true,
    opens: { record: (id) => pathTo('brands.edit', { id }) },
  },
  dealerships: {
    label: 'Dealerships',
    noun: 'dealership',
    bin: true,
    opens: { record: (id) => pathTo('dealerships.edit', { id }) },
  },
  pages: { label: 'Pages', noun: 'page', opens: { record: (id) => pathTo('pages.edit', { id }) } },
  forms: { label: 'Forms', noun: 'form', opens: { record: (id) => pathTo('forms.edit', { id }) } },
  templates: {
    label: 'Templates',
    noun: 'template',
    opens: { record: (id) => pathTo('templates.edit', { id }) },
  },
  responses: {
    label: 'Responses',
    noun: 'response',
    opens: { record: (id) => pathTo('responses.show', { id }) },
  },
  reservations: {
    label: 'Reservations',
    noun: 'reservation',
    opens: { record: (id) => pathTo('reservations.show', { id }) },
  },
  settings: { label: 'Settings', noun: 'settings', opens: { one: pathTo('settings') } },
  webhooks: {
    label: 'Webhooks',
    noun: 'webhook',
    opens: { record: (id) => pathTo('webhooks.edit', { id }) },
  },
} satisfies Record<ActivityArea, AreaDescriptor>;
