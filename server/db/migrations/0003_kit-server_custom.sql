-- Hand-ordered lists hold positions 1..n among their active rows (server/domain/ordering.ts).
-- Simultaneous creates could leave shared positions before; number each list again in the order
-- it showed (position, then id), so the unique index that follows can be built.
UPDATE "brands" AS b SET "sort_order" = r.n
FROM (SELECT "id", row_number() OVER (ORDER BY "sort_order", "id") AS n FROM "brands" WHERE "deleted_at" IS NULL) AS r
WHERE b."id" = r."id" AND b."sort_order" IS DISTINCT FROM r.n;--> statement-breakpoint
UPDATE "dealerships" AS d SET "sort_order" = r.n
FROM (SELECT "id", row_number() OVER (ORDER BY "sort_order", "id") AS n FROM "dealerships" WHERE "deleted_at" IS NULL) AS r
WHERE d."id" = r."id" AND d."sort_order" IS DISTINCT FROM r.n;
