-- One number that every commit changing what a website reads raises: the delivery API answers a
-- revalidation from it without reading the content again. It is raised at commit time (a deferred
-- trigger, once per transaction), so the row is locked only for the commit's last moment.
CREATE TABLE site_content_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO site_content_version (id, version) VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION raise_site_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('site.content_version_raised', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('site.content_version_raised', txid_current()::text, true);
  UPDATE site_content_version SET version = version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pages_site_content_version AFTER INSERT OR UPDATE OR DELETE ON pages
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_site_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER brands_site_content_version AFTER INSERT OR UPDATE OR DELETE ON brands
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_site_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER dealerships_site_content_version AFTER INSERT OR UPDATE OR DELETE ON dealerships
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_site_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER settings_site_content_version AFTER INSERT OR UPDATE OR DELETE ON settings
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_site_content_version();
