CREATE TABLE "response_owner_totals" (
	"handle" text NOT NULL,
	"brand_id" integer,
	"dealership_id" integer,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "response_owner_totals_owner_unique" UNIQUE NULLS NOT DISTINCT("handle","brand_id","dealership_id")
);
--> statement-breakpoint
CREATE INDEX "response_owner_totals_dealership_idx" ON "response_owner_totals" USING btree ("handle","dealership_id");--> statement-breakpoint
-- The enquiries stored so far, per form and owner.
INSERT INTO "response_owner_totals" ("handle", "brand_id", "dealership_id", "total")
SELECT "handle", "brand_id", "dealership_id", count(*) FROM "responses" GROUP BY 1, 2, 3;--> statement-breakpoint
-- From now on every statement that writes enquiries moves the totals of the owners it touched, in
-- its own transaction: one upsert per statement (a bulk insert of a million enquiries too), in a
-- fixed order of owners so two statements never wait on each other's rows crosswise.
CREATE FUNCTION response_owner_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO response_owner_totals (handle, brand_id, dealership_id, total)
    SELECT handle, brand_id, dealership_id, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (handle, brand_id, dealership_id)
    DO UPDATE SET total = response_owner_totals.total + EXCLUDED.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO response_owner_totals (handle, brand_id, dealership_id, total)
    SELECT handle, brand_id, dealership_id, -count(*) FROM gone GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (handle, brand_id, dealership_id)
    DO UPDATE SET total = response_owner_totals.total + EXCLUDED.total;
  ELSE
    -- An update moves an enquiry only when its form or owner changed; other changes net to nothing.
    INSERT INTO response_owner_totals (handle, brand_id, dealership_id, total)
    SELECT handle, brand_id, dealership_id, sum(n) FROM (
      SELECT handle, brand_id, dealership_id, 1 AS n FROM added
      UNION ALL
      SELECT handle, brand_id, dealership_id, -1 FROM gone
    ) AS moved GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (handle, brand_id, dealership_id)
    DO UPDATE SET total = response_owner_totals.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER response_owner_totals_insert AFTER INSERT ON responses
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION response_owner_totals_follow();
--> statement-breakpoint
CREATE TRIGGER response_owner_totals_update AFTER UPDATE ON responses
REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION response_owner_totals_follow();
--> statement-breakpoint
CREATE TRIGGER response_owner_totals_delete AFTER DELETE ON responses
REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION response_owner_totals_follow();
--> statement-breakpoint
CREATE FUNCTION response_owner_totals_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM response_owner_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER response_owner_totals_truncate AFTER TRUNCATE ON responses
FOR EACH STATEMENT EXECUTE FUNCTION response_owner_totals_empty();
