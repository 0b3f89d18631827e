CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"response_status" integer,
	"duration_ms" integer,
	"request_body" text,
	"response_body" text,
	"error" text,
	"attempted_at" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone,
	"replay_of" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tx_id" bigint NOT NULL,
	"msg_id" text NOT NULL,
	"type" text NOT NULL,
	"brand_id" integer,
	"dealership_id" integer,
	"ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"paths" text[],
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"brand_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"dealership_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_until" timestamp (3) with time zone,
	"created_by" integer,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"leased_until" timestamp (3) with time zone,
	"failing_since" timestamp (3) with time zone,
	"disabled_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_seq_unique" ON "webhook_deliveries" USING btree ("webhook_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("webhook_id","seq") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_list_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_tx_unique" ON "webhook_events" USING btree ("tx_id","type",coalesce("brand_id", 0),coalesce("dealership_id", 0));--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
-- Webhooks are a new area of the matrix (issue #27): a role that held every permission (a Group
-- administrator's) keeps holding every one.
UPDATE "roles" SET "permissions" = "permissions" || '{"webhooks":["view","create","update","delete"]}'::jsonb
WHERE "permissions" @> '{"dashboard":["view"],"pages":["view","create","update","publish","delete","import"],"templates":["view","create","update"],"forms":["view","create","update","publish","delete","import"],"brands":["view","create","update","delete"],"dealerships":["view","create","update","delete"],"responses":["view","export"],"reservations":["view","export","refund"],"users":["view","create","update","delete"],"roles":["view","create","update","delete"],"settings":["view","update","export"],"activity":["view"]}'::jsonb;