-- The page search text follows each page's name and slug; sort_order changes do not touch it.
CREATE FUNCTION page_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_search (page_id, text) VALUES (NEW.id, NEW.name || ' ' || NEW.slug)
  ON CONFLICT (page_id) DO UPDATE SET text = EXCLUDED.text;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER page_search_sync AFTER INSERT OR UPDATE OF name, slug ON pages
FOR EACH ROW EXECUTE FUNCTION page_search_sync();
