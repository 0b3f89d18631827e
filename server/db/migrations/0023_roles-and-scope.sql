CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "dealership_id" integer;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "dealership_id" integer;--> statement-breakpoint
-- The role templates of issue #25, editable afterwards; src/shared/access.ts holds the same matrix.
INSERT INTO "roles" ("name", "permissions") VALUES
	('Group administrator', '{"dashboard":["view"],"pages":["view","create","update","publish","delete","import"],"templates":["view","create","update"],"forms":["view","create","update","publish","delete","import"],"brands":["view","create","update","delete"],"dealerships":["view","create","update","delete"],"responses":["view","export"],"reservations":["view","export","refund"],"users":["view","create","update","delete"],"roles":["view","create","update","delete"],"settings":["view","update","export"],"activity":["view"]}'::jsonb),
	('Marketing', '{"dashboard":["view"],"pages":["view","create","update","publish","delete","import"],"templates":["view","create","update"],"forms":["view","create","update","publish","delete","import"],"brands":["view","create","update","delete"],"dealerships":["view"],"activity":["view"]}'::jsonb),
	('Brand manager', '{"dashboard":["view"],"pages":["view","create","update","publish","delete"],"templates":["view"],"forms":["view"],"brands":["view","update"],"dealerships":["view","create","update","delete"],"responses":["view","export"],"reservations":["view","export","refund"],"activity":["view"]}'::jsonb),
	('Dealership manager', '{"dashboard":["view"],"dealerships":["view","update"],"responses":["view","export"],"reservations":["view","export","refund"],"users":["view","create","update","delete"]}'::jsonb),
	('Sales', '{"dashboard":["view"],"responses":["view","export"],"reservations":["view","export"]}'::jsonb),
	('Read only', '{"dashboard":["view"],"pages":["view"],"templates":["view"],"forms":["view"],"brands":["view"],"dealerships":["view"],"responses":["view"],"reservations":["view"],"activity":["view"]}'::jsonb);--> statement-breakpoint
-- Every account could do everything until now: each keeps that as a Group administrator.
ALTER TABLE "users" ADD COLUMN "role_id" integer;--> statement-breakpoint
UPDATE "users" SET "role_id" = (SELECT "id" FROM "roles" WHERE "name" = 'Group administrator');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scope_brand_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scope_dealership_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "roles_list_idx" ON "roles" USING btree ("deleted_at","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing rows are attributed before their owners' indexes are built (issue #25; the rules of
-- server/domain/submissions.ts `enquiryOwner` and server/domain/vehicleOwners.ts).
-- Existing enquiries: the dealership their form's dealership question chose, with its brand. The
-- answer holds the dealership's name as it was when the enquiry came in: an answer equal to a
-- dealership's name (the one keyed 'dealership' first; a live dealership before a binned one of the
-- same name, then the oldest).
UPDATE "responses" r SET "dealership_id" = o."dealership_id", "brand_id" = o."brand_id"
FROM (
	SELECT DISTINCT ON (r2."id") r2."id", d."id" AS "dealership_id", d."brand_id"
	FROM "responses" r2
	CROSS JOIN LATERAL json_each(r2."data") a
	JOIN "dealerships" d ON d."name" = a."value" ->> 'result'
	WHERE json_typeof(a."value") = 'object'
	ORDER BY r2."id", (a."key" = 'dealership') DESC, d."deleted_at" NULLS FIRST, d."id"
) o
WHERE o."id" = r."id";--> statement-breakpoint
-- Else the brand of the form they were sent to (the live form of that handle, else the newest);
-- else the group (both null).
UPDATE "responses" r SET "brand_id" = f."brand_id"
FROM (
	SELECT DISTINCT ON ("slug") "slug", "brand_id" FROM "pages"
	WHERE "kind" = 'form'
	ORDER BY "slug", "deleted_at" NULLS FIRST, "id" DESC
) f
WHERE r."dealership_id" IS NULL AND f."slug" = r."handle" AND f."brand_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "vehicles_registration_upper_idx" ON "vehicles" USING btree (upper("registration"));--> statement-breakpoint
-- Existing reservations: the dealership of their vehicle in stock (registrations compared in upper
-- case). The stock row names its dealership by text: a dealership of that name, else the one
-- linked to the stock feed's dealer of that name; live before binned, then the oldest.
UPDATE "reservations" r SET "dealership_id" = o."dealership_id", "brand_id" = o."brand_id"
FROM (
	SELECT DISTINCT ON ("registration") "registration", "dealership_id", "brand_id" FROM (
		SELECT upper(v."registration") AS "registration", d."id" AS "dealership_id", d."brand_id", 0 AS "via", d."deleted_at"
		FROM "vehicles" v JOIN "dealerships" d ON d."name" = v."dealership"
		UNION ALL
		SELECT upper(v."registration"), d."id", d."brand_id", 1, d."deleted_at"
		FROM "vehicles" v
		JOIN "vehicle_dealers" f ON f."name" = v."dealership"
		JOIN "dealerships" d ON d."vehicles_dealer_id" = f."id"
	) AS "found"
	ORDER BY "registration", "via", "deleted_at" NULLS FIRST, "dealership_id"
) o
WHERE upper(r."registration") = o."registration";--> statement-breakpoint
CREATE INDEX "reservations_brand_idx" ON "reservations" USING btree ("brand_id","reserved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservations_dealership_idx" ON "reservations" USING btree ("dealership_id","reserved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "responses_handle_brand_id_idx" ON "responses" USING btree ("handle","brand_id","id");--> statement-breakpoint
CREATE INDEX "responses_handle_dealership_id_idx" ON "responses" USING btree ("handle","dealership_id","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "responses_brand_created_idx" ON "responses" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "responses_dealership_created_idx" ON "responses" USING btree ("dealership_id","created_at");
