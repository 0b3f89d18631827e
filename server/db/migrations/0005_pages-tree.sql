CREATE TABLE "page_search" (
	"page_id" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'page' NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"brand_id" integer,
	"parent_id" integer,
	"sort_order" integer NOT NULL,
	"meta" jsonb DEFAULT '{"title":"","description":""}'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp (3) with time zone,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"configurables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"child_template_id" integer,
	"sort_by" text DEFAULT 'sort_order' NOT NULL,
	"sort_by_mode" text DEFAULT 'asc' NOT NULL,
	"is_allowed_children" boolean DEFAULT false NOT NULL,
	"is_tree_recursive" boolean DEFAULT false NOT NULL,
	"emails" jsonb,
	"thank_you" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "pages_kind_check" CHECK ("pages"."kind" in ('page', 'form')),
	CONSTRAINT "pages_sort_by_check" CHECK ("pages"."sort_by" in ('sort_order', 'published_at')),
	CONSTRAINT "pages_sort_by_mode_check" CHECK ("pages"."sort_by_mode" in ('asc', 'desc')),
	CONSTRAINT "pages_not_own_parent" CHECK ("pages"."parent_id" is distinct from "pages"."id")
);
--> statement-breakpoint
ALTER TABLE "page_search" ADD CONSTRAINT "page_search_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_search_text_idx" ON "page_search" USING gin ("text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_unique" ON "pages" USING btree ("kind","slug") WHERE "pages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pages_parent_order_idx" ON "pages" USING btree ("parent_id","sort_order") WHERE "pages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pages_top_order_idx" ON "pages" USING btree ("kind","sort_order") WHERE "pages"."parent_id" is null and "pages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pages_deleted_idx" ON "pages" USING btree ("deleted_at") WHERE "pages"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "pages_brand_idx" ON "pages" USING btree ("brand_id");