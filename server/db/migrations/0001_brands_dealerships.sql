-- Trigram indexes (below) serve the lists' substring search; pg_trgm is a trusted extension (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"code" text,
	"live" boolean DEFAULT false NOT NULL,
	"is_fake" boolean DEFAULT false NOT NULL,
	"manufacturer_id" integer DEFAULT 0 NOT NULL,
	"lcv_manufacturer_id" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "dealerships" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"copy" text,
	"brand_id" integer,
	"vehicles_dealer_id" integer,
	"images" jsonb DEFAULT '{"banner_img":[],"dealer_img":[]}'::jsonb NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"address" jsonb NOT NULL,
	"opening_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"team" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quotee_uid" text,
	"pinnacle_enquiry_id" text NOT NULL,
	"pinnacle_used_enquiry_id" text NOT NULL,
	"published_at" timestamp (3) with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" integer NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "manufacturers_type_check" CHECK ("manufacturers"."type" in ('Car', 'LCV'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_vehicles_dealer_id_vehicle_dealers_id_fk" FOREIGN KEY ("vehicles_dealer_id") REFERENCES "public"."vehicle_dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_unique" ON "brands" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "brands_active_order_idx" ON "brands" USING btree ("sort_order","id") WHERE "brands"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "brands_bin_order_idx" ON "brands" USING btree ("sort_order","id") WHERE "brands"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "brands_search_idx" ON "brands" USING gin (("name" || ' ' || "slug") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "dealerships_slug_unique" ON "dealerships" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "dealerships_active_order_idx" ON "dealerships" USING btree ("sort_order","id") WHERE "dealerships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "dealerships_bin_order_idx" ON "dealerships" USING btree ("sort_order","id") WHERE "dealerships"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "dealerships_search_idx" ON "dealerships" USING gin (("name" || ' ' || "slug" || ' ' || coalesce("address"->>'city', '') || ' ' || coalesce("address"->>'postcode', '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "dealerships_brand_idx" ON "dealerships" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "dealerships_vehicles_dealer_idx" ON "dealerships" USING btree ("vehicles_dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturers_type_code_unique" ON "manufacturers" USING btree ("type","code");--> statement-breakpoint
CREATE INDEX "manufacturers_type_name_idx" ON "manufacturers" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "vehicle_dealers_name_idx" ON "vehicle_dealers" USING btree ("name");