import type { Locator, Page } from 'playwright-core';
import type { CallName } from '@/api/callAccess';
import { contract } from '@/api/contract/all';
import type { CallDef } from '@/api/contract/define';
import { type CallPermission, permissionOf } from '@/api/contract/permissions';
import { routeAccess } from '@/app/routeAccess';
import { REFUNDS_UNAVAILABLE } from '@/screens/reservations/refundAmount';
import type { AccessAction, AccessArea } from '@/shared/access';
import { type RouteName, routePaths } from '@/shared/paths';

/**
 * What the console's access walk expects of every screen (tests/e2e/access-walk.test.ts): where
 * each call that changes, exports or imports something has its control, and how to find it. The
 * roles, their permissions, the calls' permissions and the screens' permissions all come from the
 * product's own tables; this file only says where a call's control is drawn. A new call that needs
 * more than `view` fails the walk until it has a line here (or in `withoutControl`).
 */

/** Where the walk stands: a screen, and on a list, the tab it opens. */
export interface Stop {
  route: RouteName;
  /** A tab of the list to open after it loads ('Bin'). */
  tab?: 'Bin';
}

export interface Control {
  /** The call the control makes. */
  call: CallName;
  at: Stop;
  /** Every copy of the control on the screen (one per row for row actions). */
  find: (page: Page) => Locator;
  /** When refused: left out, or drawn disabled with its reason (aria-disabled and its description). */
  refused: 'absent' | 'disabled';
  /** A row action: judged only where the screen shows a row. */
  perRow?: boolean;
  /** How many rows a row action needs to be offered (a reorder handle needs two): 1 unless told. */
  minRows?: number;
  /** Offered only to users whose scope is the whole group (the top of the page tree, the templates). */
  groupWideOnly?: boolean;
  /** What the control needs when the call decides in its handler (the table says only 'signedIn'). */
  needs?: { area: AccessArea; action: AccessAction };
}

const button = (name: string | RegExp) => (page: Page) =>
  page.locator('#content').getByRole('button', { name, exact: typeof name === 'string' });
const link = (name: string | RegExp) => (page: Page) =>
  page.locator('#content').getByRole('link', { name, exact: typeof name === 'string' });

const save = (route: RouteName, call: CallName, needs?: Control['needs']): Control => ({
  call,
  at: { route },
  find: button('Save'),
  refused: 'disabled',
  ...(needs ? { needs } : {}),
});

/** A list with a bin (LifecycleList): add, delete, and in the bin restore and delete forever; the record's Save. */
function lifecycle(area: 'users' | 'roles' | 'brands' | 'dealerships', addLabel: string): Control[] {
  const index = `${area}.index` as RouteName;
  const bin: Stop = { route: index, tab: 'Bin' };
  return [
    { call: `${area}.create`, at: { route: index }, find: link(addLabel), refused: 'absent' },
    {
      call: `${area}.delete`,
      at: { route: index },
      find: button(/^Delete (?!selected)/),
      refused: 'absent',
      perRow: true,
    },
    {
      call: `${area}.delete`,
      at: bin,
      find: button(/^Delete forever (?!selected)/),
      refused: 'absent',
      perRow: true,
    },
    {
      call: `${area}.restore`,
      at: bin,
      find: button(/^Restore (?!selected)/),
      refused: 'absent',
      perRow: true,
    },
  ];
}

/** A list whose rows are ordered by hand: the drag handles. */
const reorder = (area: 'brands' | 'dealerships'): Control => ({
  call: `${area}.sort`,
  at: { route: `${area}.index` },
  find: (page) => page.locator('#content [aria-label^="Reorder "]'),
  refused: 'absent',
  perRow: true,
  minRows: 2,
});

/** The expectations table: one line per control. */
export const controls: Control[] = [
  ...lifecycle('users', 'Add user'),
  save('users.edit', 'users.update', { area: 'users', action: 'update' }),
  ...lifecycle('roles', 'Add role'),
  save('roles.edit', 'roles.update'),
  ...lifecycle('brands', 'Add brand'),
  reorder('brands'),
  save('brands.edit', 'brands.update'),
  ...lifecycle('dealerships', 'Add dealership'),
  reorder('dealerships'),
  save('dealerships.edit', 'dealerships.update'),

  {
    call: 'pages.store',
    at: { route: 'pages.index' },
    find: link('Add Page'),
    refused: 'absent',
    groupWideOnly: true,
  },
  { call: 'builder.runImport', at: { route: 'pages.index' }, find: link('Import pages'), refused: 'absent' },
  ...(
    [
      ['pages.publishable', /^Toggle Published: /],
      ['pages.move', /^Move Page: /],
      ['pages.duplicate', /^Duplicate Page: /],
      ['pages.delete', /^Delete: /],
    ] as const
  ).map(
    ([call, name]): Control => ({
      call,
      at: { route: 'pages.index' },
      find: button(name),
      refused: 'absent',
      perRow: true,
    }),
  ),
  {
    call: 'pages.store',
    at: { route: 'pages.index' },
    find: link(/^Add Child: /),
    refused: 'absent',
    perRow: true,
  },
  {
    call: 'pages.sort',
    at: { route: 'pages.children' },
    find: button(/^Move to position: /),
    refused: 'absent',
    perRow: true,
  },
  save('pages.edit', 'pages.update'),

  {
    call: 'forms.store',
    at: { route: 'forms.index' },
    find: link('Add Form'),
    refused: 'absent',
    groupWideOnly: true,
  },
  { call: 'builder.runImport', at: { route: 'forms.index' }, find: link('Import forms'), refused: 'absent' },
  {
    call: 'forms.delete',
    at: { route: 'forms.index' },
    find: button(/^Delete: /),
    refused: 'absent',
    perRow: true,
  },
  save('forms.edit', 'forms.update'),

  // Templates are the group's: every role that may view them reads them, only group-wide users change them.
  {
    call: 'templates.store',
    at: { route: 'templates.index' },
    find: link('Add Template'),
    refused: 'absent',
    groupWideOnly: true,
  },
  { ...save('templates.edit', 'templates.update'), groupWideOnly: true },

  // The reservation the walk opens has something left to refund (see recordFor in the walk). The
  // walk's server has no Stripe key: whoever may refund is told so where the button would be.
  {
    call: 'reservations.refund',
    at: { route: 'reservations.show' },
    find: (page) => button('Refund')(page).or(page.getByText(REFUNDS_UNAVAILABLE, { exact: true })),
    refused: 'absent',
  },

  {
    call: 'responses.export',
    at: { route: 'responses.index' },
    find: button('Export responses'),
    refused: 'disabled',
  },

  {
    call: 'vehicles.export',
    at: { route: 'settings' },
    find: button('Export vehicles'),
    refused: 'disabled',
  },
  save('settings', 'settings.update'),

  { call: 'webhooks.create', at: { route: 'webhooks.index' }, find: link('Add webhook'), refused: 'absent' },
  save('webhooks.edit', 'webhooks.update'),
  {
    call: 'webhooks.update',
    at: { route: 'webhooks.edit' },
    find: button('Rotate secret'),
    refused: 'disabled',
  },
  { call: 'webhooks.delete', at: { route: 'webhooks.edit' }, find: button('Delete'), refused: 'absent' },

  {
    call: 'workflows.create',
    at: { route: 'workflows.index' },
    find: link('Add workflow'),
    refused: 'absent',
  },
  save('workflows.edit', 'workflows.update'),
  { call: 'workflows.delete', at: { route: 'workflows.edit' }, find: button('Delete'), refused: 'absent' },

  { call: 'media.upload', at: { route: 'media.index' }, find: button('Upload files'), refused: 'absent' },
  {
    call: 'media.foldersCreate',
    at: { route: 'media.index' },
    find: button('Add folder'),
    refused: 'absent',
  },
];

/** Calls that need more than `view` but have no control of their own, and why. */
export const withoutControl: Partial<Record<CallName, string>> = {
  'pages.restore': 'offered only by the toast that follows a delete (Undo)',
  'builder.importProviders': 'opened by the import screen that Import pages and Import forms lead to',
  'imports.recent': 'a list of recent imports drawn beside the Import link, by the same permission',
  'webhooks.rotate': "Rotate secret on the webhook's page, drawn by the update permission (a line above)",
  'webhooks.test': "Send test event on the webhook's page, beside Rotate secret, by the update permission",
  'webhooks.replay': "Replay on each delivery in the webhook's log, by the update permission",
  'media.update': 'the fields of the item panel, which opens over /media when an item is chosen',
  'media.replace': 'Replace file in the item panel',
  'media.delete': 'Delete in the item panel',
  'media.restore': 'Restore in the item panel of an item in the bin',
  'media.forever': 'Delete forever in the item panel of an item in the bin',
  'pages.submit':
    "Submit for review in the builder of a page under a workflow (tests/e2e/workflows.test.ts); the walk's pages are under none",
  'forms.submit':
    "Submit for review in the builder of a form under a workflow (tests/e2e/workflows.test.ts); the walk's forms are under none",
  'responses.resend': "Resend beside a failed lead on the enquiry's page; the walk's enquiries have none",
};

/** Every call of the contract by its console name. */
export const calls: Array<{ name: CallName; def: CallDef }> = Object.entries(contract).flatMap(
  ([area, defs]) =>
    Object.entries(defs as Record<string, CallDef>).map(([key, def]) => ({
      name: `${area}.${key}` as CallName,
      def,
    })),
);

export function permissionOfName(name: CallName): CallPermission {
  const found = calls.find((c) => c.name === name);
  if (!found) throw new Error(`No call ${name} in the contract`);
  return permissionOf(found.def);
}

/** The calls whose permission is more than looking: each must have a control, or say why not. */
export function actingCalls(): CallName[] {
  return calls
    .filter(({ def }) => {
      const permission = permissionOf(def);
      return typeof permission === 'object' && permission.action !== 'view';
    })
    .map(({ name }) => name);
}

/** The screens the walk visits: every list and record screen, the dashboard, settings and the activity log. */
export const walkedRoutes: RouteName[] = (Object.keys(routeAccess) as Array<keyof typeof routeAccess>).filter(
  (name) => !/\.(add|new|addChild|import)$/.test(name),
);

/** The stops, in the order the walk takes them: each route, then its tabs. */
export function stops(): Stop[] {
  const out: Stop[] = walkedRoutes.map((route) => ({ route }));
  for (const control of controls) {
    if (control.at.tab && !out.some((s) => s.route === control.at.route && s.tab === control.at.tab))
      out.push(control.at);
  }
  return out;
}

export const stopName = (stop: Stop) => `${stop.route}${stop.tab ? ` (${stop.tab})` : ''}`;

/** The ids a page links to on a record screen of `route` ('/brands/edit/12' → 12). */
export function recordLinkPattern(route: RouteName): RegExp {
  return new RegExp(`^${routePaths[route].replace(':id', '(\\d+)')}(?:[?#].*)?$`);
}
