CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"record" text NOT NULL,
	"path" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "review_stage_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"workflow_id" integer NOT NULL,
	"stage" text NOT NULL,
	"entered_at" timestamp (3) with time zone NOT NULL,
	"left_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "page_reviews_waiting_idx";--> statement-breakpoint
ALTER TABLE "page_reviews" ADD COLUMN "due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stage_times" ADD CONSTRAINT "review_stage_times_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stage_times" ADD CONSTRAINT "review_stage_times_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "review_stage_times_workflow_idx" ON "review_stage_times" USING btree ("workflow_id","stage");--> statement-breakpoint
CREATE INDEX "page_reviews_queue_idx" ON "page_reviews" USING btree ("since","page_id") WHERE "page_reviews"."state" = 'in_review';--> statement-breakpoint
-- Pages already waiting get the due time their stage gives from when they entered it.
UPDATE "page_reviews" r SET "due_at" = r."since" + make_interval(hours => (w."stages"->r."stage"->>'due_hours')::int)
FROM "pages" p JOIN "workflows" w ON w."id" = p."workflow_id"
WHERE p."id" = r."page_id" AND r."state" = 'in_review' AND w."stages"->r."stage"->>'due_hours' IS NOT NULL;
