CREATE TABLE "outbound_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"claimed_attempt" integer,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "responses" ALTER COLUMN "data" SET DATA TYPE json;--> statement-breakpoint
CREATE INDEX "rate_windows_start_idx" ON "rate_windows" USING btree ("window_start");