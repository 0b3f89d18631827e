CREATE TABLE "scheduled_changes" (
	"page_id" integer NOT NULL,
	"change" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"done_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_changes_page_id_change_at_pk" PRIMARY KEY("page_id","change","at"),
	CONSTRAINT "scheduled_changes_change_check" CHECK ("scheduled_changes"."change" in ('publish', 'unpublish'))
);
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "unpublish_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_changes" ADD CONSTRAINT "scheduled_changes_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pages_publish_at_idx" ON "pages" USING btree ("published_at") WHERE "pages"."published" and "pages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pages_unpublish_at_idx" ON "pages" USING btree ("unpublish_at") WHERE "pages"."unpublish_at" is not null and "pages"."deleted_at" is null;