CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount" integer NOT NULL,
	"active" boolean NOT NULL,
	"refund_created_at" timestamp (3) with time zone NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "exp_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "currency" text DEFAULT 'gbp' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "charge_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "charge_seen_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "payment_refunds_charge_idx" ON "payment_refunds" USING btree ("charge_id");--> statement-breakpoint
-- Every reservation stored so far was charged in pounds, and a refund was always the whole amount.
UPDATE "reservations" SET "amount_refunded" = "amount", "charge_refunded" = "amount", "charge_seen_at" = "refunded_at" WHERE "refunded_at" IS NOT NULL;
