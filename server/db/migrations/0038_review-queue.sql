-- Earlier migrations of the same run may have changed pages: their deferred triggers fire now, so the
-- table can be altered.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "page_reviews" ADD COLUMN "workflow_id" integer;--> statement-breakpoint
ALTER TABLE "page_reviews" ADD COLUMN "brand_id" integer;--> statement-breakpoint
CREATE INDEX "page_reviews_stage_queue_idx" ON "page_reviews" USING btree ("workflow_id","stage","since","page_id","brand_id","due_at") WHERE "page_reviews"."state" = 'in_review';--> statement-breakpoint
CREATE INDEX "notifications_read_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."read_at" is not null;--> statement-breakpoint
-- The brand a page belongs to: its own, else the nearest above it in the tree (as `pageBrand` in
-- server/domain/pages/scope.ts); null: the group's.
CREATE FUNCTION "page_owning_brand"(start integer) RETURNS integer LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(parent_id, brand_id, depth) AS (
    SELECT parent_id, brand_id, 0 FROM pages WHERE id = start
    UNION ALL
    SELECT a.parent_id, a.brand_id, up.depth + 1 FROM pages a JOIN up ON a.id = up.parent_id
    WHERE up.brand_id IS NULL AND up.depth < 1000
  )
  SELECT brand_id FROM up WHERE brand_id IS NOT NULL ORDER BY depth LIMIT 1
$$;
--> statement-breakpoint
-- A review row starts with its page's workflow and owning brand.
CREATE FUNCTION "page_reviews_take_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.workflow_id, page_owning_brand(p.id) INTO NEW.workflow_id, NEW.brand_id
  FROM pages p WHERE p.id = NEW.page_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER page_reviews_take_owner BEFORE INSERT OR UPDATE OF page_id ON page_reviews
FOR EACH ROW EXECUTE FUNCTION page_reviews_take_owner();
--> statement-breakpoint
-- Whatever statement changes pages' workflows, brands or places in the tree brings their review
-- rows in step, with those of the pages under them that take their brand from above: one update
-- per statement (a reassignment of every page too).
CREATE FUNCTION "page_reviews_follow_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE moved(id) AS (
    SELECT n.id FROM kept n JOIN gone o ON o.id = n.id
    WHERE n.brand_id IS DISTINCT FROM o.brand_id OR n.parent_id IS DISTINCT FROM o.parent_id
    UNION
    SELECT c.id FROM pages c JOIN moved m ON c.parent_id = m.id WHERE c.brand_id IS NULL
  ),
  touched AS (
    SELECT id FROM moved
    UNION
    SELECT n.id FROM kept n JOIN gone o ON o.id = n.id WHERE n.workflow_id IS DISTINCT FROM o.workflow_id
  ),
  fresh AS (
    SELECT p.id, p.workflow_id, page_owning_brand(p.id) AS brand_id
    FROM pages p JOIN touched t ON t.id = p.id
  )
  UPDATE page_reviews r SET workflow_id = f.workflow_id, brand_id = f.brand_id
  FROM fresh f
  WHERE r.page_id = f.id
    AND (r.workflow_id IS DISTINCT FROM f.workflow_id OR r.brand_id IS DISTINCT FROM f.brand_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER page_reviews_follow_pages AFTER UPDATE ON pages
REFERENCING OLD TABLE AS gone NEW TABLE AS kept FOR EACH STATEMENT EXECUTE FUNCTION page_reviews_follow_pages();
--> statement-breakpoint
-- The review rows there are now.
UPDATE "page_reviews" r SET "workflow_id" = p."workflow_id", "brand_id" = page_owning_brand(p."id")
FROM "pages" p WHERE p."id" = r."page_id";
