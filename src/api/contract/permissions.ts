import type { AccessAction, AccessArea } from '@/shared/access';
import { contract } from './all';
import type { CallDef } from './define';

/**
 * What a call needs of the signed-in user: an action in an area of their role (spec §6 and issue
 * #25), only to be signed in (lookups every screen uses, whose rows are still scoped), or nothing
 * (the calls other systems and the website make). Calls that need more than one permission
 * depending on what they carry (publishing through an update) check the rest in their handler.
 */
export type CallPermission = { area: AccessArea; action: AccessAction } | 'signedIn' | 'public';

type Contract = typeof contract;
type Table = { [A in keyof Contract]: { [K in keyof Contract[A]]: CallPermission } };

const p = (area: AccessArea, action: AccessAction): CallPermission => ({ area, action });

/** Every call of the contract, once: a new call does not compile until it says what it needs. */
const table: Table = {
  auth: { login: 'public', logout: 'signedIn', me: 'signedIn', refresh: 'public' },
  users: {
    list: p('users', 'view'),
    // Anyone may open and change their own account (Profile); anyone else's needs users.view or
    // users.update, which the handler asks for.
    show: 'signedIn',
    validate: 'signedIn',
    create: p('users', 'create'),
    update: 'signedIn',
    delete: p('users', 'delete'),
    restore: p('users', 'delete'),
  },
  roles: {
    history: p('roles', 'view'),
    historyShow: p('roles', 'view'),
    list: p('roles', 'view'),
    options: 'signedIn',
    permissions: 'signedIn',
    show: p('roles', 'view'),
    validate: 'signedIn',
    create: p('roles', 'create'),
    update: p('roles', 'update'),
    delete: p('roles', 'delete'),
    restore: p('roles', 'delete'),
  },
  media: {
    list: p('media', 'view'),
    upload: p('media', 'create'),
    show: p('media', 'view'),
    update: p('media', 'update'),
    replace: p('media', 'update'),
    delete: p('media', 'delete'),
    restore: p('media', 'delete'),
    forever: p('media', 'delete'),
    folders: p('media', 'view'),
    foldersCreate: p('media', 'create'),
  },
  brands: {
    history: p('brands', 'view'),
    historyShow: p('brands', 'view'),
    list: p('brands', 'view'),
    options: 'signedIn',
    show: p('brands', 'view'),
    validate: 'signedIn',
    create: p('brands', 'create'),
    update: p('brands', 'update'),
    sort: p('brands', 'update'),
    delete: p('brands', 'delete'),
    restore: p('brands', 'delete'),
    manufacturers: 'signedIn',
  },
  dealerships: {
    history: p('dealerships', 'view'),
    historyShow: p('dealerships', 'view'),
    list: p('dealerships', 'view'),
    show: p('dealerships', 'view'),
    validate: 'signedIn',
    create: p('dealerships', 'create'),
    update: p('dealerships', 'update'),
    sort: p('dealerships', 'update'),
    delete: p('dealerships', 'delete'),
    restore: p('dealerships', 'delete'),
    vehicleDealers: 'signedIn',
  },
  pages: {
    history: p('pages', 'view'),
    historyShow: p('pages', 'view'),
    list: p('pages', 'view'),
    show: p('pages', 'view'),
    children: p('pages', 'view'),
    edit: p('pages', 'view'),
    options: 'signedIn',
    slug: 'signedIn',
    store: p('pages', 'create'),
    update: p('pages', 'update'),
    delete: p('pages', 'delete'),
    sort: p('pages', 'update'),
    duplicate: p('pages', 'create'),
    publishable: p('pages', 'publish'),
    // Submitting is editing; approving is decided by the stage's roles and users, in the handler.
    waiting: p('pages', 'view'),
    submit: p('pages', 'update'),
    approve: p('pages', 'view'),
    requestChanges: p('pages', 'view'),
    move: p('pages', 'update'),
    search: p('pages', 'view'),
    restore: p('pages', 'delete'),
    share: p('pages', 'view'),
    schedule: p('pages', 'view'),
  },
  forms: {
    history: p('forms', 'view'),
    historyShow: p('forms', 'view'),
    list: p('forms', 'view'),
    slug: 'signedIn',
    edit: p('forms', 'view'),
    store: p('forms', 'create'),
    update: p('forms', 'update'),
    delete: p('forms', 'delete'),
    // As for pages: submitting is editing; approving is decided by the stage, in the handler.
    submit: p('forms', 'update'),
    approve: p('forms', 'view'),
    requestChanges: p('forms', 'view'),
  },
  templates: {
    history: p('templates', 'view'),
    historyShow: p('templates', 'view'),
    list: p('templates', 'view'),
    show: p('templates', 'view'),
    edit: p('templates', 'view'),
    options: 'signedIn',
    store: p('templates', 'create'),
    update: p('templates', 'update'),
  },
  responses: {
    list: p('responses', 'view'),
    show: p('responses', 'view'),
    lists: p('responses', 'view'),
    totals: p('responses', 'view'),
    export: p('responses', 'export'),
    // A resend sends the enquiry out of the console again, by e-mail, as an export does (decision 022).
    resend: p('responses', 'export'),
    submit: 'public',
  },
  reservations: {
    list: p('reservations', 'view'),
    show: p('reservations', 'view'),
    refund: p('reservations', 'refund'),
    webhook: 'public',
  },
  settings: {
    history: p('settings', 'view'),
    historyShow: p('settings', 'view'),
    show: p('settings', 'view'),
    validate: 'signedIn',
    update: p('settings', 'update'),
  },
  vehicles: { export: p('settings', 'export') },
  builder: {
    items: 'signedIn',
    configurables: 'signedIn',
    importProviders: p('pages', 'import'),
    runImport: p('pages', 'import'),
  },
  analytics: {
    dates: p('dashboard', 'view'),
    totals: p('dashboard', 'view'),
    tables: p('dashboard', 'view'),
    collect: 'public',
  },
  exports: { show: 'signedIn' },
  imports: { show: 'signedIn', recent: p('pages', 'import') },
  site: {
    pages: 'public',
    navigation: 'public',
    forms: 'public',
    brands: 'public',
    dealerships: 'public',
    dealershipsShow: 'public',
    settings: 'public',
  },
  webhooks: {
    list: p('webhooks', 'view'),
    show: p('webhooks', 'view'),
    deliveries: p('webhooks', 'view'),
    create: p('webhooks', 'create'),
    update: p('webhooks', 'update'),
    rotate: p('webhooks', 'update'),
    test: p('webhooks', 'update'),
    replay: p('webhooks', 'update'),
    delete: p('webhooks', 'delete'),
  },
  workflows: {
    list: p('workflows', 'view'),
    show: p('workflows', 'view'),
    create: p('workflows', 'create'),
    update: p('workflows', 'update'),
    delete: p('workflows', 'delete'),
  },
  activity: { list: p('activity', 'view'), users: p('activity', 'view') },
  // Who may view the record is decided by its area, which the stream's query names.
  presence: { stream: 'signedIn' },
  comments: {
    list: p('pages', 'view'),
    // Anyone who may view a page may discuss it (a reviewer need not edit it).
    create: p('pages', 'view'),
    resolve: p('pages', 'view'),
    reopen: p('pages', 'view'),
  },
  // Each user's own notices: the statements name the signed-in user.
  notifications: { list: 'signedIn', read: 'signedIn' },
};

const byCall = new Map<CallDef, CallPermission>(
  Object.entries(contract).flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, CallDef>).map(
      ([key, call]) =>
        [call, (table as Record<string, Record<string, CallPermission>>)[area]![key]!] as const,
    ),
  ),
);

/** What this call needs; a call outside the contract (none today) needs sign-in. */
export function permissionOf(call: CallDef): CallPermission {
  return byCall.get(call) ?? (call.auth === false ? 'public' : 'signedIn');
}
