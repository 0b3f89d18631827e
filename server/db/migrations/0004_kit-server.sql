DROP INDEX "brands_active_order_idx";--> statement-breakpoint
DROP INDEX "dealerships_active_order_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "brands_position_unique" ON "brands" USING btree ("sort_order") WHERE "brands"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "dealerships_position_unique" ON "dealerships" USING btree ("sort_order") WHERE "dealerships"."deleted_at" is null;