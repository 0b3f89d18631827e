import * as activity from './activity';
import * as analytics from './analytics';
import * as auth from './auth';
import * as brands from './brands';
import * as builder from './builder';
import * as comments from './comments';
import * as dealerships from './dealerships';
import type { CallDef } from './define';
import * as exportsArea from './exports';
import * as forms from './forms';
import * as imports from './imports';
import { type LifecycleArea, lifecycleArea } from './lifecycle';
import * as media from './media';
import * as notifications from './notifications';
import * as pages from './pages';
import * as presence from './presence';
import * as reservations from './reservations';
import * as responses from './responses';
import * as roles from './roles';
import * as settings from './settings';
import * as site from './site';
import * as templates from './templates';
import * as users from './users';
import * as vehicles from './vehicles';
import * as webhooks from './webhooks';
import * as workflows from './workflows';

/** The contract modules by area: the one place an area is named. */
const modules = {
  auth,
  users,
  roles,
  media,
  brands,
  dealerships,
  pages,
  forms,
  templates,
  responses,
  reservations,
  settings,
  vehicles,
  builder,
  analytics,
  exports: exportsArea,
  imports,
  site,
  webhooks,
  workflows,
  activity,
  presence,
  comments,
  notifications,
};
type Modules = typeof modules;

/**
 * The calls of spec §7 by area, as each contract module lists them in its `calls`: the one
 * place a call is named. The console's `api` and the lists below are derived from it; a new
 * area adds its module to `modules` and nothing else.
 */
export const contract = Object.fromEntries(
  Object.entries(modules).map(([area, module]) => [area, module.calls]),
) as { [A in keyof Modules]: Modules[A]['calls'] };

/** Every call once. The server proves with it that every route refuses a bad token and that each is served or pending. */
export const allCalls: CallDef[] = Object.values(contract).flatMap((calls) => Object.values(calls));

type BinAreas = { [A in keyof Modules as Modules[A] extends { bin: object } ? A : never]: LifecycleArea<A> };

/**
 * The lists with a bin: the areas whose module exports its `bin` (lifecycleCalls). The browser
 * tests replay the lifecycle model on each from this alone: key, noun, list and bin calls.
 */
export const lifecycleAreas = Object.fromEntries(
  Object.entries(modules).flatMap(([area, module]) =>
    'bin' in module ? [[area, lifecycleArea(module)]] : [],
  ),
) as BinAreas;
export type LifecycleKey = keyof BinAreas;
