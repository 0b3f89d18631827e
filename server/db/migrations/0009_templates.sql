CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"lock_pages" boolean DEFAULT false NOT NULL,
	"is_allowed_children" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "templates_name_unique" ON "templates" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_child_template_id_templates_id_fk" FOREIGN KEY ("child_template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;