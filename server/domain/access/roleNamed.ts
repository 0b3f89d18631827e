import { type SQL, sql } from 'drizzle-orm';

/** The id of the role of this name (a seeded template), as a value an insert or update can use. */
export const roleNamed = (name: string): SQL<number> =>
  sql<number>`(select "id" from "roles" where lower("name") = lower(${name}) and "deleted_at" is null order by "id" limit 1)`;
