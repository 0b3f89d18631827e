CREATE TABLE "analytics_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "analytics_visitors_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"mail_claimed_at" timestamp (3) with time zone,
	"mailed_at" timestamp (3) with time zone,
	"error" text,
	"user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"postal_code" text,
	"registration" text NOT NULL,
	"reserved_at" timestamp (3) with time zone NOT NULL,
	"refunded_at" timestamp (3) with time zone,
	"amount" integer NOT NULL,
	"brand" text NOT NULL,
	"exp_year" integer NOT NULL,
	"last4" text NOT NULL,
	"charge_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_daily_totals" (
	"handle" text NOT NULL,
	"day" date NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "response_daily_totals_handle_day_pk" PRIMARY KEY("handle","day")
);
--> statement-breakpoint
CREATE TABLE "response_emailed_totals" (
	"handle" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"derivative" text NOT NULL,
	"price" integer NOT NULL,
	"mileage" integer NOT NULL,
	"dealership" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_created_idx" ON "exports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_charge_unique" ON "reservations" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "reservations_reserved_idx" ON "reservations" USING btree ("reserved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservations_search_idx" ON "reservations" USING gin (("name" || ' ' || "email" || ' ' || "registration") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "response_daily_totals_day_idx" ON "response_daily_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "responses_handle_id_idx" ON "responses" USING btree ("handle","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_registration_unique" ON "vehicles" USING btree ("registration");