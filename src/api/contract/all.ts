import * as analytics from './analytics';
import * as auth from './auth';
import * as brands from './brands';
import * as builder from './builder';
import * as dealerships from './dealerships';
import type { CallDef } from './define';
import * as exportsArea from './exports';
import * as files from './files';
import * as forms from './forms';
import * as imports from './imports';
import { lifecycleArea } from './lifecycle';
import * as pages from './pages';
import * as reservations from './reservations';
import * as responses from './responses';
import * as settings from './settings';
import * as templates from './templates';
import * as users from './users';
import * as vehicles from './vehicles';

/**
 * The calls of spec §7 by area, as each contract module lists them in its `calls`: the one
 * place a call is named. The console's `api` and the list below are derived from it; a new
 * area adds its module here and nothing else.
 */
export const contract = {
  auth: auth.calls,
  users: users.calls,
  files: files.calls,
  brands: brands.calls,
  dealerships: dealerships.calls,
  pages: pages.calls,
  forms: forms.calls,
  templates: templates.calls,
  responses: responses.calls,
  reservations: reservations.calls,
  settings: settings.calls,
  vehicles: vehicles.calls,
  builder: builder.calls,
  analytics: analytics.calls,
  exports: exportsArea.calls,
  imports: imports.calls,
};

/** Every call once. The server proves with it that every route refuses a bad token and that each is served or pending. */
export const allCalls: CallDef[] = Object.values(contract).flatMap((calls) => Object.values(calls));

/**
 * The lists with a bin: the modules that export their `bin` (lifecycleCalls). The browser tests
 * replay the lifecycle model on each from these alone: their key, noun, list and bin calls.
 */
export const lifecycleAreas = {
  users: lifecycleArea(users),
  brands: lifecycleArea(brands),
  dealerships: lifecycleArea(dealerships),
};
export type LifecycleKey = keyof typeof lifecycleAreas;
