CREATE TABLE "reservation_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"charge_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"refund_id" text,
	"refund_created_at" timestamp (3) with time zone,
	"failure" text,
	"requested_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "amount_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reservation_refunds_charge_idx" ON "reservation_refunds" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "reservation_refunds_reservation_idx" ON "reservation_refunds" USING btree ("reservation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_refunds_refund_unique" ON "reservation_refunds" USING btree ("refund_id");