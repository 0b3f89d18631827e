-- Every block placed in a template gets an id too: a locked template keeps each block at its place by it.
UPDATE "templates" SET "items" = (
	SELECT coalesce(jsonb_agg(
		CASE WHEN jsonb_typeof(e) = 'object' AND NOT e ? 'id'
			THEN e || jsonb_build_object('id', gen_random_uuid()::text) ELSE e END
		ORDER BY o), '[]'::jsonb)
	FROM jsonb_array_elements("items") WITH ORDINALITY AS t(e, o)
)
WHERE jsonb_typeof("items") = 'array'
	AND EXISTS (SELECT 1 FROM jsonb_array_elements("items") e WHERE jsonb_typeof(e) = 'object' AND NOT e ? 'id');
