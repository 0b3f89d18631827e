ALTER TABLE "activity" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "dealership_id" integer;--> statement-breakpoint
CREATE INDEX "activity_brand_idx" ON "activity" USING btree ("brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_dealership_idx" ON "activity" USING btree ("dealership_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Existing entries: where their record belongs now (a record deleted forever stays the group's).
UPDATE "activity" a SET "brand_id" = a."record_id"
WHERE a."area" = 'brands' AND a."record_id" IS NOT NULL;--> statement-breakpoint
UPDATE "activity" a SET "dealership_id" = d."id", "brand_id" = d."brand_id"
FROM "dealerships" d
WHERE a."area" = 'dealerships' AND d."id" = a."record_id";--> statement-breakpoint
UPDATE "activity" a SET "brand_id" = coalesce(p."brand_id", (
	WITH RECURSIVE up(parent_id, brand_id, depth) AS (
		SELECT q."parent_id", q."brand_id", 0 FROM "pages" q WHERE q."id" = p."parent_id"
		UNION ALL
		SELECT q."parent_id", q."brand_id", up.depth + 1 FROM "pages" q JOIN up ON q."id" = up.parent_id
		WHERE up.brand_id IS NULL AND up.depth < 1000
	)
	SELECT brand_id FROM up WHERE brand_id IS NOT NULL LIMIT 1))
FROM "pages" p
WHERE a."area" IN ('pages', 'forms') AND p."id" = a."record_id";--> statement-breakpoint
UPDATE "activity" a SET "dealership_id" = r."dealership_id", "brand_id" = r."brand_id"
FROM "responses" r
WHERE a."area" = 'responses' AND r."id" = a."record_id";--> statement-breakpoint
UPDATE "activity" a SET "dealership_id" = r."dealership_id", "brand_id" = r."brand_id"
FROM "reservations" r
WHERE a."area" = 'reservations' AND r."id" = a."record_id";
