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
CREATE INDEX "reservations_brand_idx" ON "reservations" USING btree ("brand_id","reserved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservations_dealership_idx" ON "reservations" USING btree ("dealership_id","reserved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "responses_handle_brand_id_idx" ON "responses" USING btree ("handle","brand_id","id");--> statement-breakpoint
CREATE INDEX "responses_handle_dealership_id_idx" ON "responses" USING btree ("handle","dealership_id","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
-- Existing enquiries: the dealership their dealership question chose (stored by name), else the
-- brand of the form they were sent to, else the group.
UPDATE "responses" r SET "dealership_id" = d."id", "brand_id" = d."brand_id"
FROM "dealerships" d
WHERE d."id" = (
	SELECT d2."id" FROM "dealerships" d2
	WHERE d2."name" = r."data"::jsonb -> 'dealership' ->> 'result'
	ORDER BY d2."deleted_at" NULLS FIRST, d2."id" LIMIT 1
);--> statement-breakpoint
UPDATE "responses" r SET "brand_id" = p."brand_id"
FROM "pages" p
WHERE r."dealership_id" IS NULL AND p."kind" = 'form' AND p."slug" = r."handle" AND p."brand_id" IS NOT NULL;--> statement-breakpoint
-- Existing reservations: the dealership that has their vehicle in stock.
UPDATE "reservations" r SET "dealership_id" = d."id", "brand_id" = d."brand_id"
FROM "vehicles" v, "dealerships" d
WHERE upper(v."registration") = upper(r."registration") AND d."name" = v."dealership";