-- Pages could name a child template before templates were stored: none of those ids points at a
-- template, so they are cleared before the next migration makes the column a foreign key.
UPDATE "pages" SET "child_template_id" = NULL WHERE "child_template_id" IS NOT NULL;
