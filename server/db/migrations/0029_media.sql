CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"alt" text,
	"decorative" boolean DEFAULT false NOT NULL,
	"caption" text,
	"credit" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"folder_id" integer,
	"focal_x" real DEFAULT 0.5 NOT NULL,
	"focal_y" real DEFAULT 0.5 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "media_focal_check" CHECK ("media"."focal_x" between 0 and 1 and "media"."focal_y" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "media_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer,
	"dealership_id" integer,
	"own" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_uses" (
	"media_id" integer NOT NULL,
	"area" text NOT NULL,
	"record_id" integer NOT NULL,
	CONSTRAINT "media_uses_media_id_area_record_id_pk" PRIMARY KEY("media_id","area","record_id")
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_folder_id_media_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."media_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_folders" ADD CONSTRAINT "media_folders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_folders" ADD CONSTRAINT "media_folders_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uses" ADD CONSTRAINT "media_uses_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_sha256_unique" ON "media" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "media_recent_idx" ON "media" USING btree ("id") WHERE "media"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "media_folder_idx" ON "media" USING btree ("folder_id","id");--> statement-breakpoint
CREATE FUNCTION "media_search_text"(name text, alt text, tags text[]) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT name || ' ' || coalesce(alt, '') || ' ' || array_to_string(tags, ' ') $$;--> statement-breakpoint
CREATE INDEX "media_search_idx" ON "media" USING gin ((media_search_text("name", "alt", "tags")) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "media_folders_own_brand_unique" ON "media_folders" USING btree ("brand_id") WHERE "media_folders"."own" and "media_folders"."dealership_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "media_folders_own_dealership_unique" ON "media_folders" USING btree ("dealership_id") WHERE "media_folders"."own";--> statement-breakpoint
CREATE INDEX "media_folders_name_idx" ON "media_folders" USING btree ("name");--> statement-breakpoint
CREATE INDEX "media_uses_record_idx" ON "media_uses" USING btree ("area","record_id");--> statement-breakpoint
-- A folder for every brand and every dealership (a dealership's folder is under its brand's scope
-- through the dealership, so it follows the dealership when it changes brand).
INSERT INTO "media_folders" ("name", "brand_id", "own")
SELECT b."name", b."id", true FROM "brands" b ORDER BY b."id";--> statement-breakpoint
INSERT INTO "media_folders" ("name", "dealership_id", "own")
SELECT d."name", d."id", true FROM "dealerships" d ORDER BY d."id";--> statement-breakpoint
-- Every brand and dealership made from now on gets its folder as it is inserted, however it is made
-- (the console, an import, the seed).
CREATE FUNCTION "media_own_folder"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'brands' THEN
		INSERT INTO "media_folders" ("name", "brand_id", "own") VALUES (NEW."name", NEW."id", true) ON CONFLICT DO NOTHING;
	ELSE
		INSERT INTO "media_folders" ("name", "dealership_id", "own") VALUES (NEW."name", NEW."id", true) ON CONFLICT DO NOTHING;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "brands_media_folder" AFTER INSERT ON "brands" FOR EACH ROW EXECUTE FUNCTION "media_own_folder"();--> statement-breakpoint
CREATE TRIGGER "dealerships_media_folder" AFTER INSERT ON "dealerships" FOR EACH ROW EXECUTE FUNCTION "media_own_folder"();--> statement-breakpoint
-- The media library in the role templates (src/shared/access.ts holds the same matrix).
UPDATE "roles" SET "permissions" = "permissions" || '{"media":["view","create","update","delete"]}'::jsonb
WHERE "name" IN ('Group administrator', 'Marketing', 'Brand manager', 'Dealership manager');--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '{"media":["view"]}'::jsonb
WHERE "name" = 'Read only';
