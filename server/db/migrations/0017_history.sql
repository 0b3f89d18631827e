CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"record_id" integer,
	"record_name" text,
	"revision_id" bigint,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "revision_blocks" (
	"area" text NOT NULL,
	"record" text NOT NULL,
	"hash" uuid NOT NULL,
	"body" jsonb NOT NULL,
	CONSTRAINT "revision_blocks_area_record_hash_pk" PRIMARY KEY("area","record","hash")
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"record" text NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL,
	"blocks" uuid[]
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_created_idx" ON "activity" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_user_idx" ON "activity" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_area_idx" ON "activity" USING btree ("area","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_action_idx" ON "activity" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_revision_idx" ON "activity" USING btree ("revision_id") WHERE "activity"."revision_id" is not null;--> statement-breakpoint
CREATE INDEX "revisions_record_idx" ON "revisions" USING btree ("area","record","id" DESC NULLS LAST);