import type { ComponentType } from 'react';
import type { IconName } from '@/ui/Icon';

export type LayoutName = 'auth' | 'default' | 'builder';

export interface RouteDef {
  path: string;
  name: string;
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
    path: '/',
    name: 'login',
    title: 'Sign in',
    layout: 'auth',
    public: true,
    load: () => import('@/screens/auth/LoginScreen'),
  },
  {
    path: '/dashboard',
    name: 'dashboard',
    title: 'Dashboard',
    layout: 'default',
    load: () => import('@/screens/dashboard/DashboardScreen'),
  },
  {
    path: '/users',
    name: 'users.index',
    title: 'Users',
    layout: 'default',
    load: () => import('@/screens/users/UsersIndexScreen'),
  },
  {
    path: '/users/add',
    name: 'users.add',
    title: 'Add user',
    layout: 'default',
    load: () => import('@/screens/users/UserAddScreen'),
  },
  {
    path: '/users/new',
    name: 'users.new',
    title: 'Add user',
    layout: 'default',
    load: () => import('@/screens/users/UserAddScreen'),
  },
  {
    path: '/users/edit/:id',
    name: 'users.edit',
    title: 'Edit user',
    layout: 'default',
    load: () => import('@/screens/users/UserEditScreen'),
  },
  {
    path: '/brands',
    name: 'brands.index',
    title: 'Brands',
    layout: 'default',
    load: () => import('@/screens/brands/BrandsIndexScreen'),
  },
  {
    path: '/brands/add',
    name: 'brands.add',
    title: 'Add brand',
    layout: 'default',
    load: () => import('@/screens/brands/BrandAddScreen'),
  },
  {
    path: '/brands/edit/:id',
    name: 'brands.edit',
    title: 'Edit brand',
    layout: 'default',
    load: () => import('@/screens/brands/BrandEditScreen'),
  },
  {
    path: '/dealerships',
    name: 'dealerships.index',
    title: 'Dealerships',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipsIndexScreen'),
  },
  {
    path: '/dealerships/add',
    name: 'dealerships.add',
    title: 'Add dealership',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipAddScreen'),
  },
  {
    path: '/dealerships/edit/:id',
    name: 'dealerships.edit',
    title: 'Edit dealership',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipEditScreen'),
  },
  {
    path: '/pages',
    name: 'pages.index',
    title: 'Pages',
    layout: 'default',
    load: () => import('@/screens/pages/PagesIndexScreen'),
  },
  {
    path: '/pages/import',
    name: 'pages.import',
    title: 'Import pages',
    layout: 'default',
    load: () => import('@/screens/imports/ImportScreen'),
  },
  {
    path: '/pages/children/:id',
    name: 'pages.children',
    title: 'Children Pages',
    layout: 'default',
    load: () => import('@/screens/pages/PageChildrenScreen'),
  },
  {
    path: '/pages/add',
    name: 'pages.children.add',
    title: 'Add page',
    layout: 'builder',
    load: () => import('@/screens/pages/PageBuilderScreen'),
  },
  {
    path: '/pages/add/:id',
    name: 'pages.children.add',
    title: 'Add child page',
    layout: 'builder',
    load: () => import('@/screens/pages/PageBuilderScreen'),
  },
  {
    path: '/pages/edit/:id',
    name: 'pages.edit',
    title: 'Edit page',
    layout: 'builder',
    load: () => import('@/screens/pages/PageBuilderScreen'),
  },
  {
    path: '/templates/add',
    name: 'templates.add',
    title: 'Add template',
    layout: 'builder',
    load: () => import('@/screens/templates/TemplateBuilderScreen'),
  },
  {
    path: '/templates/edit/:id',
    name: 'templates.edit',
    title: 'Edit template',
    layout: 'builder',
    load: () => import('@/screens/templates/TemplateBuilderScreen'),
  },
  {
    path: '/templates',
    name: 'templates.index',
    title: 'Templates',
    layout: 'default',
    load: () => import('@/screens/templates/TemplatesIndexScreen'),
  },
  {
    path: '/forms',
    name: 'forms.index',
    title: 'Forms',
    layout: 'default',
    load: () => import('@/screens/forms/FormsScreen'),
  },
  {
    path: '/forms/import',
    name: 'forms.import',
    title: 'Import forms',
    layout: 'default',
    load: () => import('@/screens/imports/ImportScreen'),
  },
  {
    path: '/forms/children/:id',
    name: 'forms.children',
    title: 'Children Forms',
    layout: 'default',
    load: () => import('@/screens/forms/FormsScreen'),
  },
  {
    path: '/forms/add',
    name: 'forms.add',
    title: 'Add form',
    layout: 'builder',
    load: () => import('@/screens/forms/FormBuilderScreen'),
  },
  {
    path: '/forms/add/:id',
    name: 'forms.add',
    title: 'Add child form',
    layout: 'builder',
    load: () => import('@/screens/forms/FormBuilderScreen'),
  },
  {
    path: '/forms/edit/:id',
    name: 'forms.edit',
    title: 'Edit form',
    layout: 'builder',
    load: () => import('@/screens/forms/FormBuilderScreen'),
  },
  {
    path: '/responses',
    name: 'responses.index',
    title: 'Responses',
    layout: 'default',
    load: () => import('@/screens/responses/ResponsesIndexScreen'),
  },
  {
    path: '/responses/:id',
    name: 'responses.show',
    title: 'Response',
    layout: 'default',
    load: () => import('@/screens/responses/ResponseShowScreen'),
  },
  {
    path: '/reservations',
    name: 'reservations.index',
    title: 'Reservations',
    layout: 'default',
    load: () => import('@/screens/reservations/ReservationsIndexScreen'),
  },
  {
    path: '/reservations/:id',
    name: 'reservations.show',
    title: 'Reservation',
    layout: 'default',
    load: () => import('@/screens/reservations/ReservationShowScreen'),
  },
  {
    path: '/settings',
    name: 'settings',
    title: 'Settings',
    layout: 'default',
    load: () => import('@/screens/settings/SettingsScreen'),
  },
  {
    path: '/activity',
    name: 'activity',
    title: 'Activity',
    layout: 'default',
    load: () => import('@/screens/activity/ActivityScreen'),
  },
];

/**
 * The address of the route named `name` ('pages.edit'), its `:params` filled in: screens link to one
 * another through the table, so a moved route moves every link to it. The first route of that name
 * counts; an unknown name is a mistake in the code, so it throws.
 */
export function hrefTo(name: string, params: Record<string, string | number> = {}): string {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`No route is named ${name}.`);
  return route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`The route ${name} needs :${key}.`);
    return encodeURIComponent(String(value));
  });
}

export interface NavItem {
  label: string;
  href: string;
  icon: IconName;
}

export interface NavSection {
  title: string | null;
  items: NavItem[];
}

/**
 * The sidebar of spec §2. An area appears once its screens exist: no link leads to a
 * screen that is not there.
 */
export const navigation: NavSection[] = [
  { title: null, items: [{ label: 'Dashboard', href: '/dashboard', icon: 'dashboard' }] },
  {
    title: 'Content',
    items: [
      { label: 'Brands', href: '/brands', icon: 'brands' },
      { label: 'Dealerships', href: '/dealerships', icon: 'dealership' },
      { label: 'Pages', href: '/pages', icon: 'pages' },
      { label: 'Templates', href: '/templates', icon: 'templates' },
      { label: 'Forms', href: '/forms', icon: 'forms' },
    ],
  },
  {
    title: 'Forms',
    items: [
      { label: 'Responses', href: '/responses', icon: 'responses' },
      { label: 'Reservations', href: '/reservations', icon: 'reservations' },
    ],
  },
  {
    title: 'Management',
    items: [
      { label: 'Users', href: '/users', icon: 'users' },
      { label: 'Settings', href: '/settings', icon: 'settings' },
      { label: 'Activity', href: '/activity', icon: 'activity' },
    ],
  },
];
