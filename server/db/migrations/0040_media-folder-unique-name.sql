-- Folders already sharing a name (in any case) under the same brand, dealership or the group keep
-- the first one's name; each later one takes its id after its name, "Offers (12)", so none is lost.
UPDATE "media_folders" SET "name" = "media_folders"."name" || ' (' || "media_folders"."id" || ')'
FROM (
	SELECT "id", row_number() OVER (
		PARTITION BY coalesce("brand_id", 0), coalesce("dealership_id", 0), lower("name") ORDER BY "id"
	) AS "n"
	FROM "media_folders" WHERE NOT "own"
) AS "later"
WHERE "later"."id" = "media_folders"."id" AND "later"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "media_folders_name_unique" ON "media_folders" USING btree (coalesce("brand_id", 0),coalesce("dealership_id", 0),lower("name")) WHERE not "media_folders"."own";
