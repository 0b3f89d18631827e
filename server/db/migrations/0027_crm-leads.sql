CREATE TABLE "lead_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"response_id" integer,
	"reservation_id" integer,
	"dealership_id" integer NOT NULL,
	"to" text NOT NULL,
	"format" text NOT NULL,
	"mail_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "crm_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "crm_format" text DEFAULT 'adf' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD COLUMN "failed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_mail_id_outbound_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."outbound_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_deliveries_response_idx" ON "lead_deliveries" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_reservation_idx" ON "lead_deliveries" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_mail_idx" ON "lead_deliveries" USING btree ("mail_id");