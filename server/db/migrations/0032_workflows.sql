-- Earlier migrations of the same run may have changed pages: their deferred triggers fire now, so the
-- table can be altered.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "page_reviews" (
	"page_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"stage" integer,
	"since" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"submitted_by" integer,
	"comment" text,
	"approved" jsonb,
	"approved_revision_id" bigint,
	"approved_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"applies_to" jsonb DEFAULT '{"page_ids":[],"brand_ids":[],"forms":false}'::jsonb NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "workflow_id" integer;--> statement-breakpoint
ALTER TABLE "page_reviews" ADD CONSTRAINT "page_reviews_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_reviews" ADD CONSTRAINT "page_reviews_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_reviews_waiting_idx" ON "page_reviews" USING btree ("since") WHERE "page_reviews"."state" = 'in_review';--> statement-breakpoint
CREATE INDEX "pages_workflow_idx" ON "pages" USING btree ("workflow_id") WHERE "pages"."workflow_id" is not null;--> statement-breakpoint
-- What a page under a workflow shows on the website is its approved content: an approval changes the site.
CREATE CONSTRAINT TRIGGER page_reviews_site_content_version AFTER INSERT OR UPDATE OR DELETE ON page_reviews
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_site_content_version();
--> statement-breakpoint
-- Review workflows in the role templates (src/shared/access.ts holds the same matrix): the Group
-- administrator manages them, as any role that manages roles and webhooks.
UPDATE "roles" SET "permissions" = "permissions" || '{"workflows":["view","create","update","delete"]}'::jsonb
WHERE "name" = 'Group administrator'
  OR "permissions" @> '{"roles":["view","create","update","delete"],"webhooks":["view","create","update","delete"]}'::jsonb;
