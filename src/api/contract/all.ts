import * as analytics from './analytics';
import * as auth from './auth';
import * as brands from './brands';
import * as builder from './builder';
import * as dealerships from './dealerships';
import type { CallDef } from './define';
import * as exportsArea from './exports';
import * as files from './files';
import * as forms from './forms';
import * as pages from './pages';
import * as reservations from './reservations';
import * as responses from './responses';
import * as settings from './settings';
import * as templates from './templates';
import * as users from './users';
import * as vehicles from './vehicles';

/**
 * Every call of spec §7, once each. The server proves with it that every route refuses a bad
 * token, and builds OpenAPI from it; the contract test proves it misses no call a module exports.
 */
export const allCalls: CallDef[] = [
  auth.login,
  auth.logout,
  auth.me,
  auth.refresh,

  users.usersList,
  users.usersShow,
  users.usersValidation,
  users.usersCreate,
  users.usersUpdate,
  users.usersDelete,
  users.usersRestore,

  files.filesUpload,

  brands.brandsList,
  brands.brandsOptions,
  brands.brandsShow,
  brands.brandsValidation,
  brands.brandsCreate,
  brands.brandsUpdate,
  brands.brandsSort,
  brands.brandsDelete,
  brands.brandsRestore,
  brands.manufacturersList,

  dealerships.dealershipsList,
  dealerships.dealershipsShow,
  dealerships.dealershipsValidation,
  dealerships.dealershipsCreate,
  dealerships.dealershipsUpdate,
  dealerships.dealershipsSort,
  dealerships.dealershipsDelete,
  dealerships.dealershipsRestore,
  dealerships.vehicleDealersList,

  pages.pagesList,
  pages.pagesShow,
  pages.pagesChildren,
  pages.pagesEdit,
  pages.pagesOptions,
  pages.pagesSlug,
  pages.pagesStore,
  pages.pagesUpdate,
  pages.pagesDelete,
  pages.pagesSort,
  pages.pagesDuplicate,
  pages.pagesPublishable,
  pages.pagesMove,

  forms.formsList,
  forms.formsSlug,
  forms.formsEdit,
  forms.formsStore,
  forms.formsUpdate,
  forms.formsDelete,

  templates.templatesList,
  templates.templatesShow,
  templates.templatesEdit,
  templates.templatesOptions,
  templates.templatesStore,
  templates.templatesUpdate,

  responses.responsesList,
  responses.responsesShow,
  responses.responsesLists,
  responses.responsesTotals,
  responses.responsesExport,
  responses.responsesSubmit,

  reservations.reservationsList,
  reservations.reservationsShow,
  reservations.paymentsWebhook,

  settings.settingsShow,
  settings.settingsValidation,
  settings.settingsUpdate,

  vehicles.vehiclesExport,
  exportsArea.exportsShow,

  builder.builderItems,
  builder.builderConfigurables,
  builder.builderImportProviders,
  builder.builderImportRun,
  builder.builderFilesUpload,

  analytics.analyticsDates,
  analytics.analyticsTotals,
  analytics.analyticsTables,
  analytics.analyticsCollect,
];
