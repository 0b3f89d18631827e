import type { ComponentType } from 'react';
import { pathTo, type RouteName, routePaths } from '@/shared/paths';
import type { IconName } from '@/ui/Icon';

export type LayoutName = 'auth' | 'default' | 'builder';

export interface RouteDef {
  /** The route's pattern, as `routePaths` has it under its name. */
  path: string;
  name: RouteName;
  /** Names the screen in the document title and in the announcement of a route change ('Users'). */
  title: string;
  layout: LayoutName;
  /** Only the login route is public (spec §2). */
  public?: boolean;
  /** Each screen is its own chunk, loaded with its route. */
  load: () => Promise<{ default: ComponentType }>;
}

/** The title of the page any unknown path shows (spec §2). */
export const NOT_FOUND_TITLE = 'Whoops, 404!';

export const routes: RouteDef[] = [
  {
    path: routePaths.login,
    name: 'login',
    title: 'Sign in',
    layout: 'auth',
    public: true,
    load: () => import('@/screens/auth/LoginScreen'),
  },
  {
    path: routePaths.dashboard,
    name: 'dashboard',
    title: 'Dashboard',
    layout: 'default',
    load: () => import('@/screens/dashboard/DashboardScreen'),
  },
  {
    path: routePaths['users.index'],
    name: 'users.index',
    title: 'Users',
    layout: 'default',
    load: () => import('@/screens/users/UsersIndexScreen'),
  },
  {
    path: routePaths['users.add'],
    name: 'users.add',
    title: 'Add user',
    layout: 'default',
    load: () => import('@/screens/users/UserAddScreen'),
  },
  {
    path: routePaths['users.new'],
    name: 'users.new',
    title: 'Add user',
    layout: 'default',
    load: () => import('@/screens/users/UserAddScreen'),
  },
  {
    path: routePaths['users.edit'],
    name: 'users.edit',
    title: 'Edit user',
    layout: 'default',
    load: () => import('@/screens/users/UserEditScreen'),
  },
  {
    path: routePaths['roles.index'],
    name: 'roles.index',
    title: 'Roles',
    layout: 'default',
    load: () => import('@/screens/roles/RolesIndexScreen'),
  },
  {
    path: routePaths['roles.add'],
    name: 'roles.add',
    title: 'Add role',
    layout: 'default',
    load: () => import('@/screens/roles/RoleAddScreen'),
  },
  {
    path: routePaths['roles.edit'],
    name: 'roles.edit',
    title: 'Edit role',
    layout: 'default',
    load: () => import('@/screens/roles/RoleEditScreen'),
  },
  {
    path: routePaths['brands.index'],
    name: 'brands.index',
    title: 'Brands',
    layout: 'default',
    load: () => import('@/screens/brands/BrandsIndexScreen'),
  },
  {
    path: routePaths['brands.add'],
    name: 'brands.add',
    title: 'Add brand',
    layout: 'default',
    load: () => import('@/screens/brands/BrandAddScreen'),
  },
  {
    path: routePaths['brands.edit'],
    name: 'brands.edit',
    title: 'Edit brand',
    layout: 'default',
    load: () => import('@/screens/brands/BrandEditScreen'),
  },
  {
    path: routePaths['dealerships.index'],
    name: 'dealerships.index',
    title: 'Dealerships',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipsIndexScreen'),
  },
  {
    path: routePaths['dealerships.add'],
    name: 'dealerships.add',
    title: 'Create a new dealership',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipAddScreen'),
  },
  {
    path: routePaths['dealerships.edit'],
    name: 'dealerships.edit',
    title: 'Edit dealership',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipEditScreen'),
  },
  {
    path: routePaths['pages.index'],
    name: 'pages.index',
    title: 'Pages',
    layout: 'default',
    load: () => import('@/screens/pages/PagesIndexScreen'),
  },
  {
    path: routePaths['pages.import'],
    name: 'pages.import',
    title: 'Import pages',
    layout: 'default',
    load: () => import('@/screens/imports/ImportScreen'),
  },
  {
    path: routePaths['pages.children'],
    name: 'pages.children',
    title: 'Children Pages',
    layout: 'default',
    load: () => import('@/screens/pages/PageChildrenScreen'),
  },
  {
    path: routePaths['pages.add'],
    name: 'pages.add',
    title: 'Add page',
    layout: 'builder',
    load: () => import('@/screens/pages/PageBuilderScreen'),
  },
  {
    path: routePaths['pages.addChild'],
    name: 'pages.addChild',
    title: 'Add child page',
    layout: 'builder',
    load: () => import('@/screens/pages/PageBuilderScreen'),
  },
  {
    path: routePaths['pages.edit'],
    name: 'pages.edit',
    title: 'Edit page',
    layout: 'builder',
    load: () => import('@/screens/pages/PageBuilderScreen'),
  },
  {
    path: routePaths['templates.add'],
    name: 'templates.add',
    title: 'Add template',
    layout: 'builder',
    load: () => import('@/screens/templates/TemplateBuilderScreen'),
  },
  {
    path: routePaths['templates.edit'],
    name: 'templates.edit',
    title: 'Edit template',
    layout: 'builder',
    load: () => import('@/screens/templates/TemplateBuilderScreen'),
  },
  {
    path: routePaths['templates.index'],
    name: 'templates.index',
    title: 'Templates',
    layout: 'default',
    load: () => import('@/screens/templates/TemplatesIndexScreen'),
  },
  {
    path: routePaths['forms.index'],
    name: 'forms.index',
    title: 'Forms',
    layout: 'default',
    load: () => import('@/screens/forms/FormsScreen'),
  },
  {
    path: routePaths['forms.import'],
    name: 'forms.import',
    title: 'Import forms',
    layout: 'default',
    load: () => import('@/screens/imports/ImportScreen'),
  },
  {
    path: routePaths['forms.children'],
    name: 'forms.children',
    title: 'Children Forms',
    layout: 'default',
    load: () => import('@/screens/forms/FormsScreen'),
  },
  {
    path: routePaths['forms.add'],
    name: 'forms.add',
    title: 'Add form',
    layout: 'builder',
    load: () => import('@/screens/forms/FormBuilderScreen'),
  },
  {
    path: routePaths['forms.addChild'],
    name: 'forms.addChild',
    title: 'Add child form',
    layout: 'builder',
    load: () => import('@/screens/forms/FormBuilderScreen'),
  },
  {
    path: routePaths['forms.edit'],
    name: 'forms.edit',
    title: 'Edit form',
    layout: 'builder',
    load: () => import('@/screens/forms/FormBuilderScreen'),
  },
  {
    path: routePaths['responses.index'],
    name: 'responses.index',
    title: 'Responses',
    layout: 'default',
    load: () => import('@/screens/responses/ResponsesIndexScreen'),
  },
  {
    path: routePaths['responses.show'],
    name: 'responses.show',
    title: 'Response',
    layout: 'default',
    load: () => import('@/screens/responses/ResponseShowScreen'),
  },
  {
    path: routePaths['reservations.index'],
    name: 'reservations.index',
    title: 'Reservations',
    layout: 'default',
    load: () => import('@/screens/reservations/ReservationsIndexScreen'),
  },
  {
    path: routePaths['reservations.show'],
    name: 'reservations.show',
    title: 'Reservation',
    layout: 'default',
    load: () => import('@/screens/reservations/ReservationShowScreen'),
  },
  {
    path: routePaths['media.index'],
    name: 'media.index',
    title: 'Media',
    layout: 'default',
    load: () => import('@/screens/media/MediaScreen'),
  },
  {
    path: routePaths.settings,
    name: 'settings',
    title: 'Settings',
    layout: 'default',
    load: () => import('@/screens/settings/SettingsScreen'),
  },
  {
    path: routePaths['webhooks.index'],
    name: 'webhooks.index',
    title: 'Webhooks',
    layout: 'default',
    load: () => import('@/screens/webhooks/WebhooksIndexScreen'),
  },
  {
    path: routePaths['webhooks.add'],
    name: 'webhooks.add',
    title: 'Add webhook',
    layout: 'default',
    load: () => import('@/screens/webhooks/WebhookAddScreen'),
  },
  {
    path: routePaths['webhooks.edit'],
    name: 'webhooks.edit',
    title: 'Edit webhook',
    layout: 'default',
    load: () => import('@/screens/webhooks/WebhookEditScreen'),
  },
  {
    path: routePaths['workflows.index'],
    name: 'workflows.index',
    title: 'Workflows',
    layout: 'default',
    load: () => import('@/screens/workflows/WorkflowsIndexScreen'),
  },
  {
    path: routePaths['workflows.add'],
    name: 'workflows.add',
    title: 'Add workflow',
    layout: 'default',
    load: () => import('@/screens/workflows/WorkflowAddScreen'),
  },
  {
    path: routePaths['workflows.edit'],
    name: 'workflows.edit',
    title: 'Edit workflow',
    layout: 'default',
    load: () => import('@/screens/workflows/WorkflowEditScreen'),
  },
  {
    path: routePaths.activity,
    name: 'activity',
    title: 'Activity',
    layout: 'default',
    load: () => import('@/screens/activity/ActivityScreen'),
  },
];

export interface NavItem {
  label: string;
  href: string;
  icon: IconName;
  /** The route it opens: the sidebar shows it only to whoever may open it (routeAccess.ts). */
  route: Exclude<RouteName, 'login'>;
}

export interface NavSection {
  title: string | null;
  items: NavItem[];
}

/** The sidebar's routes take no parameters: each is an area's index. */
const indexPath = pathTo as (name: NavItem['route']) => string;

const nav = (label: string, route: NavItem['route'], icon: IconName): NavItem => ({
  label,
  href: indexPath(route),
  icon,
  route,
});

/**
 * The sidebar of spec §2. An area appears once its screens exist: no link leads to a
 * screen that is not there.
 */
export const navigation: NavSection[] = [
  { title: null, items: [nav('Dashboard', 'dashboard', 'dashboard')] },
  {
    title: 'Content',
    items: [
      nav('Brands', 'brands.index', 'brands'),
      nav('Dealerships', 'dealerships.index', 'dealership'),
      nav('Pages', 'pages.index', 'pages'),
      nav('Templates', 'templates.index', 'templates'),
      nav('Forms', 'forms.index', 'forms'),
      nav('Media', 'media.index', 'upload'),
    ],
  },
  {
    title: 'Forms',
    items: [
      nav('Responses', 'responses.index', 'responses'),
      nav('Reservations', 'reservations.index', 'reservations'),
    ],
  },
  {
    title: 'Management',
    items: [
      nav('Users', 'users.index', 'users'),
      nav('Roles', 'roles.index', 'roles'),
      nav('Settings', 'settings', 'settings'),
      nav('Webhooks', 'webhooks.index', 'webhooks'),
      nav('Workflows', 'workflows.index', 'workflows'),
      nav('Activity', 'activity', 'activity'),
    ],
  },
];
