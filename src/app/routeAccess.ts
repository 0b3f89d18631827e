import type { CallName } from '@/api/callAccess';
import type { AccessAction, AccessArea } from '@/shared/access';
import type { RouteName } from '@/shared/paths';

/** What a screen needs: the permission, and the call it opens with, which needs exactly that. */
export interface RouteAccess {
  area: AccessArea;
  action: AccessAction;
  /** The screen's first call (its list, its record, or what it saves into); tests/unit/routeAccess checks the pair. */
  call: CallName;
}

const needs = (area: AccessArea, action: AccessAction, call: CallName): RouteAccess => ({
  area,
  action,
  call,
});

/**
 * Who may open each signed-in screen (issue #25): a screen is drawn exactly when its opening call is
 * permitted, so nobody lands on a screen only to be refused by it; otherwise the refusal page shows.
 * The sidebar shows an area's link by the same rule.
 */
export const routeAccess: Record<Exclude<RouteName, 'login'>, RouteAccess> = {
  dashboard: needs('dashboard', 'view', 'analytics.totals'),
  'users.index': needs('users', 'view', 'users.list'),
  'users.add': needs('users', 'create', 'users.create'),
  'users.new': needs('users', 'create', 'users.create'),
  'users.edit': needs('users', 'view', 'users.show'),
  'roles.index': needs('roles', 'view', 'roles.list'),
  'roles.add': needs('roles', 'create', 'roles.create'),
  'roles.edit': needs('roles', 'view', 'roles.show'),
  'brands.index': needs('brands', 'view', 'brands.list'),
  'brands.add': needs('brands', 'create', 'brands.create'),
  'brands.edit': needs('brands', 'view', 'brands.show'),
  'dealerships.index': needs('dealerships', 'view', 'dealerships.list'),
  'dealerships.add': needs('dealerships', 'create', 'dealerships.create'),
  'dealerships.edit': needs('dealerships', 'view', 'dealerships.show'),
  'pages.index': needs('pages', 'view', 'pages.list'),
  'pages.import': needs('pages', 'import', 'builder.importProviders'),
  'pages.children': needs('pages', 'view', 'pages.children'),
  'pages.add': needs('pages', 'create', 'pages.store'),
  'pages.addChild': needs('pages', 'create', 'pages.store'),
  'pages.edit': needs('pages', 'view', 'pages.edit'),
  'templates.index': needs('templates', 'view', 'templates.list'),
  'templates.add': needs('templates', 'create', 'templates.store'),
  'templates.edit': needs('templates', 'view', 'templates.edit'),
  'forms.index': needs('forms', 'view', 'forms.list'),
  // Forms are imported through the builder's import calls, which need pages.import (contract/permissions.ts).
  'forms.import': needs('pages', 'import', 'builder.importProviders'),
  'forms.children': needs('forms', 'view', 'forms.list'),
  'forms.add': needs('forms', 'create', 'forms.store'),
  'forms.addChild': needs('forms', 'create', 'forms.store'),
  'forms.edit': needs('forms', 'view', 'forms.edit'),
  'media.index': needs('media', 'view', 'media.list'),
  'responses.index': needs('responses', 'view', 'responses.list'),
  'responses.show': needs('responses', 'view', 'responses.show'),
  'reservations.index': needs('reservations', 'view', 'reservations.list'),
  'reservations.show': needs('reservations', 'view', 'reservations.show'),
  settings: needs('settings', 'view', 'settings.show'),
  'webhooks.index': needs('webhooks', 'view', 'webhooks.list'),
  'webhooks.add': needs('webhooks', 'create', 'webhooks.create'),
  'webhooks.edit': needs('webhooks', 'view', 'webhooks.show'),
  'workflows.index': needs('workflows', 'view', 'workflows.list'),
  'workflows.add': needs('workflows', 'create', 'workflows.create'),
  'workflows.edit': needs('workflows', 'view', 'workflows.show'),
  activity: needs('activity', 'view', 'activity.list'),
};

/** What a route needs, by its name; the login route needs nothing. */
export function accessOf(name: RouteName): RouteAccess | null {
  return name === 'login' ? null : routeAccess[name];
}

/** The title of the page a screen the user may not open shows instead (also the document's title). */
export const REFUSED_TITLE = 'You cannot open this page';
