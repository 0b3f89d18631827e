-- Brand logos, dealership images (banner, dealership, team) and user avatars stored through the
-- old files/upload (`/storage/<handle>/<name>`) become library items, keeping the names they were
-- uploaded under (carried in the stored file's name, src/shared/storedName.ts) and their files
-- where they are; the records then hold the items' ids and are recorded as their uses. As in 0031,
-- SQL cannot read a file's bytes: each new item carries `legacy:<key>` and no size or dimensions
-- until the legacy-media job (server/domain/media/legacy.ts) reads its file and makes it real.
-- A brand's logo goes into the brand's folder, a dealership's images into the dealership's, an
-- avatar into the folder of the user's first brand or dealership (none for a group-wide user).
CREATE FUNCTION "media_stored_name"(path text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	last text := regexp_replace(path, '^.*/', '');
	encoded text;
	decoded text;
BEGIN
	encoded := substring(last from '^[0-9a-f]{16,64}_([A-Za-z0-9_-]+)\.[A-Za-z0-9]+$');
	IF encoded IS NULL THEN RETURN last; END IF;
	encoded := translate(encoded, '-_', '+/');
	encoded := rpad(encoded, ((length(encoded) + 3) / 4) * 4, '=');
	decoded := btrim(convert_from(decode(encoded, 'base64'), 'UTF8'));
	RETURN coalesce(nullif(decoded, ''), last);
EXCEPTION WHEN others THEN
	RETURN last;
END $$;--> statement-breakpoint
CREATE TABLE "media_record_files" AS
	SELECT 'brands'::text AS "area", b."id" AS "record_id", b."meta"->>'logo' AS "path",
		(SELECT f."id" FROM "media_folders" f WHERE f."own" AND f."brand_id" = b."id" AND f."dealership_id" IS NULL) AS "folder_id"
	FROM "brands" b WHERE b."meta"->>'logo' LIKE '/storage/%'
	UNION ALL
	SELECT 'dealerships', d."id", e.value,
		(SELECT f."id" FROM "media_folders" f WHERE f."own" AND f."dealership_id" = d."id")
	FROM "dealerships" d,
		LATERAL jsonb_array_elements_text(
			CASE WHEN jsonb_typeof(d."images"->'banner_img') = 'array' THEN d."images"->'banner_img' ELSE '[]'::jsonb END
			|| CASE WHEN jsonb_typeof(d."images"->'dealer_img') = 'array' THEN d."images"->'dealer_img' ELSE '[]'::jsonb END
		) AS e(value)
	WHERE e.value LIKE '/storage/%'
	UNION ALL
	SELECT 'dealerships', d."id", e.value,
		(SELECT f."id" FROM "media_folders" f WHERE f."own" AND f."dealership_id" = d."id")
	FROM "dealerships" d,
		LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d."team") = 'array' THEN d."team" ELSE '[]'::jsonb END) AS m(value),
		LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(m.value->'image') = 'array' THEN m.value->'image' ELSE '[]'::jsonb END) AS e(value)
	WHERE e.value LIKE '/storage/%'
	UNION ALL
	SELECT 'users', u."id", u."meta"->>'avatar',
		coalesce(
			(SELECT f."id" FROM "media_folders" f WHERE f."own" AND f."brand_id" = u."scope_brand_ids"[1] AND f."dealership_id" IS NULL),
			(SELECT f."id" FROM "media_folders" f WHERE f."own" AND f."dealership_id" = u."scope_dealership_ids"[1]))
	FROM "users" u WHERE u."meta"->>'avatar' LIKE '/storage/%';--> statement-breakpoint
INSERT INTO "media" ("name", "mime", "size", "sha256", "storage_key", "folder_id")
SELECT DISTINCT ON (l."path")
	"media_stored_name"(l."path"),
	CASE lower(substring(l."path" from '\.([A-Za-z0-9]+)$'))
		WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'jpeg' THEN 'image/jpeg'
		WHEN 'gif' THEN 'image/gif' WHEN 'webp' THEN 'image/webp' ELSE 'application/octet-stream' END,
	0,
	'legacy:' || substr(l."path", 10),
	substr(l."path", 10),
	l."folder_id"
FROM "media_record_files" l
WHERE NOT EXISTS (SELECT 1 FROM "media" m WHERE m."storage_key" = substr(l."path", 10))
ORDER BY l."path", l."area", l."record_id";--> statement-breakpoint
INSERT INTO "media_uses" ("media_id", "area", "record_id")
SELECT DISTINCT m."id", l."area", l."record_id"
FROM "media_record_files" l JOIN "media" m ON m."storage_key" = substr(l."path", 10)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The id of the item that holds a stored path (null for anything else).
CREATE FUNCTION "media_record_id"(path text) RETURNS integer LANGUAGE sql STABLE AS $$
	SELECT m."id" FROM "media" m WHERE path LIKE '/storage/%' AND m."storage_key" = substr(path, 10)
$$;--> statement-breakpoint
CREATE FUNCTION "media_record_ids"(paths jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
	SELECT coalesce(jsonb_agg(to_jsonb("media_record_id"(e.value)) ORDER BY e.ord)
		FILTER (WHERE "media_record_id"(e.value) IS NOT NULL), '[]'::jsonb)
	FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(paths) = 'array' THEN paths ELSE '[]'::jsonb END)
		WITH ORDINALITY AS e(value, ord)
$$;--> statement-breakpoint
UPDATE "brands" SET "meta" = ("meta" - 'logo') || jsonb_build_object('logo_id', "media_record_id"("meta"->>'logo'))
WHERE "meta" ? 'logo';--> statement-breakpoint
UPDATE "users" SET "meta" = ("meta" - 'avatar') || jsonb_build_object('avatar_id', "media_record_id"("meta"->>'avatar'))
WHERE "meta" ? 'avatar';--> statement-breakpoint
UPDATE "dealerships" SET
	"images" = jsonb_build_object(
		'banner_img', "media_record_ids"("images"->'banner_img'),
		'dealer_img', "media_record_ids"("images"->'dealer_img')),
	"team" = CASE WHEN jsonb_typeof("team") = 'array' THEN (
		SELECT coalesce(jsonb_agg(
			CASE WHEN jsonb_typeof(m.value) = 'object'
				THEN m.value || jsonb_build_object('image', "media_record_ids"(m.value->'image'))
				ELSE m.value END
			ORDER BY m.ord), '[]'::jsonb)
		FROM jsonb_array_elements("team") WITH ORDINALITY AS m(value, ord)) ELSE "team" END;--> statement-breakpoint
DROP TABLE "media_record_files";--> statement-breakpoint
DROP FUNCTION "media_record_ids"(jsonb);--> statement-breakpoint
DROP FUNCTION "media_record_id"(text);--> statement-breakpoint
DROP FUNCTION "media_stored_name"(text);
