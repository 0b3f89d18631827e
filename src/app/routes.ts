import type { ComponentType } from 'react';
import type { IconName } from '@/ui/Icon';

export type LayoutName = 'auth' | 'default' | 'builder';

export interface RouteDef {
  path: string;
  name: string;
  layout: LayoutName;
  /** Only the login route is public (spec §2). */
  public?: boolean;
  /** Each screen is its own chunk, loaded with its route. */
  load: () => Promise<{ default: ComponentType }>;
}

export const routes: RouteDef[] = [
  {
    path: '/',
    name: 'login',
    layout: 'auth',
    public: true,
    load: () => import('@/screens/auth/LoginScreen'),
  },
  {
    path: '/dashboard',
    name: 'dashboard',
    layout: 'default',
    load: () => import('@/screens/dashboard/DashboardScreen'),
  },
  {
    path: '/users',
    name: 'users.index',
    layout: 'default',
    load: () => import('@/screens/users/UsersIndexScreen'),
  },
  {
    path: '/users/add',
    name: 'users.add',
    layout: 'default',
    load: () => import('@/screens/users/UserAddScreen'),
  },
  {
    path: '/users/new',
    name: 'users.new',
    layout: 'default',
    load: () => import('@/screens/users/UserAddScreen'),
  },
  {
    path: '/users/edit/:id',
    name: 'users.edit',
    layout: 'default',
    load: () => import('@/screens/users/UserEditScreen'),
  },
  {
    path: '/brands',
    name: 'brands.index',
    layout: 'default',
    load: () => import('@/screens/brands/BrandsIndexScreen'),
  },
  {
    path: '/brands/add',
    name: 'brands.add',
    layout: 'default',
    load: () => import('@/screens/brands/BrandAddScreen'),
  },
  {
    path: '/brands/edit/:id',
    name: 'brands.edit',
    layout: 'default',
    load: () => import('@/screens/brands/BrandEditScreen'),
  },
  {
    path: '/dealerships',
    name: 'dealerships.index',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipsIndexScreen'),
  },
  {
    path: '/dealerships/add',
    name: 'dealerships.add',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipAddScreen'),
  },
  {
    path: '/dealerships/edit/:id',
    name: 'dealerships.edit',
    layout: 'default',
    load: () => import('@/screens/dealerships/DealershipEditScreen'),
  },
  {
    path: '/responses',
    name: 'responses.index',
    layout: 'default',
    load: () => import('@/screens/responses/ResponsesIndexScreen'),
  },
  {
    path: '/responses/:id',
    name: 'responses.show',
    layout: 'default',
    load: () => import('@/screens/responses/ResponseShowScreen'),
  },
  {
    path: '/reservations',
    name: 'reservations.index',
    layout: 'default',
    load: () => import('@/screens/reservations/ReservationsIndexScreen'),
  },
  {
    path: '/reservations/:id',
    name: 'reservations.show',
    layout: 'default',
    load: () => import('@/screens/reservations/ReservationShowScreen'),
  },
  {
    path: '/settings',
    name: 'settings',
    layout: 'default',
    load: () => import('@/screens/settings/SettingsScreen'),
  },
];

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
    ],
  },
];
