-- Files stored in block fields before the media library ({path, name} under /storage/) become
-- library items, keeping their original names and their files where they are; the blocks then hold
-- the items' ids ({media_id}), and every page, form and template that shows one is recorded as a use.
-- A file stored under several names keeps the first by record and then by name. An item goes into
-- the folder of the first page's brand that shows it (none for the group's own pages and
-- templates). Its hash and size are not known to SQL: it has no renditions, and the site shows its
-- original as before.
CREATE FUNCTION "media_legacy_files_in"(fields jsonb) RETURNS TABLE("path" text, "name" text)
	LANGUAGE sql IMMUTABLE AS $$
	SELECT e.value->>'path', coalesce(e.value->>'name', '')
	FROM jsonb_each(CASE WHEN jsonb_typeof(fields) = 'object' THEN fields ELSE '{}'::jsonb END) AS f(key, value),
		jsonb_array_elements(CASE WHEN jsonb_typeof(f.value) = 'array' THEN f.value ELSE '[]'::jsonb END) AS e(value)
	WHERE jsonb_typeof(e.value) = 'object' AND e.value->>'path' LIKE '/storage/%'
$$;--> statement-breakpoint
CREATE FUNCTION "media_legacy_item_fields"(items jsonb) RETURNS SETOF jsonb
	LANGUAGE sql IMMUTABLE AS $$
	SELECT s.value->'fields'
	FROM jsonb_array_elements(CASE WHEN jsonb_typeof(items) = 'array' THEN items ELSE '[]'::jsonb END) AS i(value),
		jsonb_each(CASE WHEN jsonb_typeof(i.value->'sections') = 'object' THEN i.value->'sections' ELSE '{}'::jsonb END) AS s(key, value)
	UNION ALL
	SELECT en.value->'fields'
	FROM jsonb_array_elements(CASE WHEN jsonb_typeof(items) = 'array' THEN items ELSE '[]'::jsonb END) AS i(value),
		jsonb_each(CASE WHEN jsonb_typeof(i.value->'sections') = 'object' THEN i.value->'sections' ELSE '{}'::jsonb END) AS s(key, value),
		jsonb_array_elements(CASE WHEN jsonb_typeof(s.value->'entries') = 'array' THEN s.value->'entries' ELSE '[]'::jsonb END) AS en(value)
$$;--> statement-breakpoint
CREATE TABLE "media_legacy_files" AS
	SELECT CASE p."kind" WHEN 'form' THEN 'forms' ELSE 'pages' END AS "area", p."id" AS "record_id", p."brand_id", f."path", f."name"
	FROM "pages" p, LATERAL "media_legacy_item_fields"(p."items") AS fields(value), LATERAL "media_legacy_files_in"(fields.value) f
	UNION ALL
	SELECT 'pages', p."id", p."brand_id", f."path", f."name"
	FROM "pages" p,
		LATERAL jsonb_each(CASE WHEN jsonb_typeof(p."configurables") = 'object' THEN p."configurables" ELSE '{}'::jsonb END) AS c(key, value),
		LATERAL "media_legacy_files_in"(c.value->'fields') f
	UNION ALL
	SELECT 'templates', t."id", NULL::integer, f."path", f."name"
	FROM "templates" t, LATERAL "media_legacy_item_fields"(t."items") AS fields(value), LATERAL "media_legacy_files_in"(fields.value) f;--> statement-breakpoint
INSERT INTO "media" ("name", "mime", "size", "sha256", "storage_key", "folder_id")
SELECT DISTINCT ON (l."path")
	coalesce(nullif(l."name", ''), regexp_replace(l."path", '^.*/', '')),
	CASE lower(substring(l."path" from '\.([A-Za-z0-9]+)$'))
		WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'jpeg' THEN 'image/jpeg'
		WHEN 'gif' THEN 'image/gif' WHEN 'webp' THEN 'image/webp' WHEN 'avif' THEN 'image/avif'
		WHEN 'svg' THEN 'image/svg+xml' WHEN 'pdf' THEN 'application/pdf' ELSE 'application/octet-stream' END,
	0,
	'legacy:' || substr(l."path", 10),
	substr(l."path", 10),
	(SELECT f."id" FROM "media_folders" f WHERE f."own" AND f."brand_id" = l."brand_id" AND f."dealership_id" IS NULL)
FROM "media_legacy_files" l
WHERE NOT EXISTS (SELECT 1 FROM "media" m WHERE m."storage_key" = substr(l."path", 10))
ORDER BY l."path", l."brand_id" NULLS LAST, l."area", l."record_id", l."name";--> statement-breakpoint
INSERT INTO "media_uses" ("media_id", "area", "record_id")
SELECT DISTINCT m."id", l."area", l."record_id"
FROM "media_legacy_files" l JOIN "media" m ON m."storage_key" = substr(l."path", 10)
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "media_legacy_rewrite_fields"(fields jsonb) RETURNS jsonb
	LANGUAGE sql STABLE AS $$
	SELECT CASE WHEN fields IS NULL OR jsonb_typeof(fields) <> 'object' THEN fields ELSE coalesce((
		SELECT jsonb_object_agg(f.key, CASE WHEN jsonb_typeof(f.value) = 'array' THEN (
			SELECT coalesce(jsonb_agg(
				CASE WHEN jsonb_typeof(e.value) = 'object' AND e.value->>'path' LIKE '/storage/%'
					THEN coalesce((SELECT jsonb_build_object('media_id', m."id") FROM "media" m WHERE m."storage_key" = substr(e.value->>'path', 10)), e.value)
					ELSE e.value END
				ORDER BY e.ord), '[]'::jsonb)
			FROM jsonb_array_elements(f.value) WITH ORDINALITY AS e(value, ord))
			ELSE f.value END)
		FROM jsonb_each(fields) AS f(key, value)), '{}'::jsonb) END
$$;--> statement-breakpoint
CREATE FUNCTION "media_legacy_rewrite_section"(section jsonb) RETURNS jsonb
	LANGUAGE sql STABLE AS $$
	SELECT CASE WHEN section IS NULL OR jsonb_typeof(section) <> 'object' THEN section ELSE
		section
		|| CASE WHEN section ? 'fields' THEN jsonb_build_object('fields', "media_legacy_rewrite_fields"(section->'fields')) ELSE '{}'::jsonb END
		|| CASE WHEN jsonb_typeof(section->'entries') = 'array' THEN jsonb_build_object('entries', (
			SELECT coalesce(jsonb_agg(
				CASE WHEN jsonb_typeof(en.value) = 'object' AND en.value ? 'fields'
					THEN en.value || jsonb_build_object('fields', "media_legacy_rewrite_fields"(en.value->'fields'))
					ELSE en.value END
				ORDER BY en.ord), '[]'::jsonb)
			FROM jsonb_array_elements(section->'entries') WITH ORDINALITY AS en(value, ord)))
			ELSE '{}'::jsonb END
	END
$$;--> statement-breakpoint
CREATE FUNCTION "media_legacy_rewrite_items"(items jsonb) RETURNS jsonb
	LANGUAGE sql STABLE AS $$
	SELECT CASE WHEN items IS NULL OR jsonb_typeof(items) <> 'array' THEN items ELSE coalesce((
		SELECT jsonb_agg(
			CASE WHEN jsonb_typeof(i.value) = 'object' AND jsonb_typeof(i.value->'sections') = 'object'
				THEN i.value || jsonb_build_object('sections', coalesce((
					SELECT jsonb_object_agg(s.key, "media_legacy_rewrite_section"(s.value))
					FROM jsonb_each(i.value->'sections') AS s(key, value)), '{}'::jsonb))
				ELSE i.value END
			ORDER BY i.ord)
		FROM jsonb_array_elements(items) WITH ORDINALITY AS i(value, ord)), '[]'::jsonb) END
$$;--> statement-breakpoint
UPDATE "pages" SET
	"items" = "media_legacy_rewrite_items"("items"),
	"configurables" = CASE WHEN jsonb_typeof("configurables") = 'object' THEN coalesce((
		SELECT jsonb_object_agg(c.key, CASE WHEN jsonb_typeof(c.value) = 'object' AND c.value ? 'fields'
			THEN c.value || jsonb_build_object('fields', "media_legacy_rewrite_fields"(c.value->'fields'))
			ELSE c.value END)
		FROM jsonb_each("configurables") AS c(key, value)), '{}'::jsonb) ELSE "configurables" END
WHERE "id" IN (SELECT "record_id" FROM "media_legacy_files" WHERE "area" IN ('pages', 'forms'));--> statement-breakpoint
UPDATE "templates" SET "items" = "media_legacy_rewrite_items"("items")
WHERE "id" IN (SELECT "record_id" FROM "media_legacy_files" WHERE "area" = 'templates');--> statement-breakpoint
DROP TABLE "media_legacy_files";--> statement-breakpoint
DROP FUNCTION "media_legacy_rewrite_items"(jsonb);--> statement-breakpoint
DROP FUNCTION "media_legacy_rewrite_section"(jsonb);--> statement-breakpoint
DROP FUNCTION "media_legacy_rewrite_fields"(jsonb);--> statement-breakpoint
DROP FUNCTION "media_legacy_item_fields"(jsonb);--> statement-breakpoint
DROP FUNCTION "media_legacy_files_in"(jsonb);
