import { endpoint } from './client';
import * as analytics from './contract/analytics';
import * as auth from './contract/auth';
import * as brands from './contract/brands';
import * as builder from './contract/builder';
import * as dealerships from './contract/dealerships';
import * as exportsArea from './contract/exports';
import * as files from './contract/files';
import * as forms from './contract/forms';
import * as pages from './contract/pages';
import * as reservations from './contract/reservations';
import * as responses from './contract/responses';
import * as settings from './contract/settings';
import * as templates from './contract/templates';
import * as users from './contract/users';
import * as vehicles from './contract/vehicles';

/**
 * One typed function per call of spec §7: `await api.brands.list({ query: { search, page } })`.
 * Inputs and answers are typed by the contract; failures throw ApiError.
 */
export const api = {
  auth: {
    login: endpoint(auth.login),
    logout: endpoint(auth.logout),
    me: endpoint(auth.me),
    refresh: endpoint(auth.refresh),
  },
  users: {
    list: endpoint(users.usersList),
    show: endpoint(users.usersShow),
    validate: endpoint(users.usersValidation),
    create: endpoint(users.usersCreate),
    update: endpoint(users.usersUpdate),
    delete: endpoint(users.usersDelete),
    restore: endpoint(users.usersRestore),
  },
  files: {
    upload: endpoint(files.filesUpload),
  },
  brands: {
    list: endpoint(brands.brandsList),
    options: endpoint(brands.brandsOptions),
    show: endpoint(brands.brandsShow),
    validate: endpoint(brands.brandsValidation),
    create: endpoint(brands.brandsCreate),
    update: endpoint(brands.brandsUpdate),
    sort: endpoint(brands.brandsSort),
    delete: endpoint(brands.brandsDelete),
    restore: endpoint(brands.brandsRestore),
    manufacturers: endpoint(brands.manufacturersList),
  },
  dealerships: {
    list: endpoint(dealerships.dealershipsList),
    show: endpoint(dealerships.dealershipsShow),
    validate: endpoint(dealerships.dealershipsValidation),
    create: endpoint(dealerships.dealershipsCreate),
    update: endpoint(dealerships.dealershipsUpdate),
    sort: endpoint(dealerships.dealershipsSort),
    delete: endpoint(dealerships.dealershipsDelete),
    restore: endpoint(dealerships.dealershipsRestore),
    vehicleDealers: endpoint(dealerships.vehicleDealersList),
  },
  pages: {
    list: endpoint(pages.pagesList),
    show: endpoint(pages.pagesShow),
    children: endpoint(pages.pagesChildren),
    edit: endpoint(pages.pagesEdit),
    options: endpoint(pages.pagesOptions),
    slug: endpoint(pages.pagesSlug),
    store: endpoint(pages.pagesStore),
    update: endpoint(pages.pagesUpdate),
    delete: endpoint(pages.pagesDelete),
    sort: endpoint(pages.pagesSort),
    duplicate: endpoint(pages.pagesDuplicate),
    publishable: endpoint(pages.pagesPublishable),
    move: endpoint(pages.pagesMove),
  },
  forms: {
    list: endpoint(forms.formsList),
    slug: endpoint(forms.formsSlug),
    edit: endpoint(forms.formsEdit),
    store: endpoint(forms.formsStore),
    update: endpoint(forms.formsUpdate),
    delete: endpoint(forms.formsDelete),
  },
  templates: {
    list: endpoint(templates.templatesList),
    show: endpoint(templates.templatesShow),
    edit: endpoint(templates.templatesEdit),
    options: endpoint(templates.templatesOptions),
    store: endpoint(templates.templatesStore),
    update: endpoint(templates.templatesUpdate),
  },
  responses: {
    list: endpoint(responses.responsesList),
    show: endpoint(responses.responsesShow),
    lists: endpoint(responses.responsesLists),
    totals: endpoint(responses.responsesTotals),
    export: endpoint(responses.responsesExport),
    /** The public website's call; here so the contract stays whole. */
    submit: endpoint(responses.responsesSubmit),
  },
  reservations: {
    list: endpoint(reservations.reservationsList),
    show: endpoint(reservations.reservationsShow),
    /** The payment provider's call; here so the contract stays whole (the console never sends it). */
    webhook: endpoint(reservations.paymentsWebhook),
  },
  settings: {
    show: endpoint(settings.settingsShow),
    validate: endpoint(settings.settingsValidation),
    update: endpoint(settings.settingsUpdate),
  },
  exports: {
    show: endpoint(exportsArea.exportsShow),
  },
  vehicles: {
    export: endpoint(vehicles.vehiclesExport),
  },
  builder: {
    items: endpoint(builder.builderItems),
    configurables: endpoint(builder.builderConfigurables),
    importProviders: endpoint(builder.builderImportProviders),
    runImport: endpoint(builder.builderImportRun),
    upload: endpoint(builder.builderFilesUpload),
  },
  analytics: {
    dates: endpoint(analytics.analyticsDates),
    totals: endpoint(analytics.analyticsTotals),
    tables: endpoint(analytics.analyticsTables),
    /** The public website's call; here so the contract stays whole. */
    collect: endpoint(analytics.analyticsCollect),
  },
};
