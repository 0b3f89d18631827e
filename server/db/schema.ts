/**
 * Every table of the database, one module per area under `schema/`. Importers and drizzle-kit
 * read the schema from here.
 */
export * from './schema/analytics';
export * from './schema/brands';
export * from './schema/columns';
export * from './schema/dealerships';
export * from './schema/history';
export * from './schema/jobs';
export * from './schema/mail';
export * from './schema/pages';
export * from './schema/rateWindows';
export * from './schema/reservations';
export * from './schema/responses';
export * from './schema/settings';
export * from './schema/users';
export * from './schema/vehicles';
