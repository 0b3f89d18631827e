-- A page shows the library items its blocks name (their file, size, alt text and focal point): a
-- change to any of those, or an item deleted for good, changes the website as a page save does.
-- Binning, moving, tagging, a caption or a credit show nowhere on it and leave the version be.
CREATE CONSTRAINT TRIGGER media_site_content_version AFTER UPDATE ON media
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.mime IS DISTINCT FROM NEW.mime
  OR OLD.width IS DISTINCT FROM NEW.width OR OLD.height IS DISTINCT FROM NEW.height
  OR OLD.sha256 IS DISTINCT FROM NEW.sha256 OR OLD.storage_key IS DISTINCT FROM NEW.storage_key
  OR OLD.alt IS DISTINCT FROM NEW.alt OR OLD.decorative IS DISTINCT FROM NEW.decorative
  OR OLD.focal_x IS DISTINCT FROM NEW.focal_x OR OLD.focal_y IS DISTINCT FROM NEW.focal_y
)
EXECUTE FUNCTION raise_site_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER media_deleted_site_content_version AFTER DELETE ON media
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_site_content_version();
