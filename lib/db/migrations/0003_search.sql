CREATE TABLE "search_queries" (
	"organization_id" uuid NOT NULL,
	"query" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_queries_pkey" PRIMARY KEY("organization_id","query"),
	CONSTRAINT "search_queries_query_length" CHECK (char_length("search_queries"."query") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_queries_org_count_idx" ON "search_queries" USING btree ("organization_id","count");--> statement-breakpoint
CREATE INDEX "search_queries_query_trgm_idx" ON "search_queries" USING gin ("query" gin_trgm_ops);--> statement-breakpoint
-- Search columns of the content tables: generated from the stored texts, so the write path needs no change.
-- search_vector: titles (weight A) and descriptions (B), stemmed per language (en, de, fr, es) and verbatim
-- in every language (simple); search_titles: every translation of the title, lower-cased, for trigram typo tolerance.
ALTER TABLE "workouts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("title"->>'en', '')), 'A')
	|| setweight(to_tsvector('german'::regconfig, coalesce("title"->>'de', '')), 'A')
	|| setweight(to_tsvector('french'::regconfig, coalesce("title"->>'fr', '')), 'A')
	|| setweight(to_tsvector('spanish'::regconfig, coalesce("title"->>'es', '')), 'A')
	|| setweight(jsonb_to_tsvector('simple'::regconfig, "title", '["string"]'::jsonb), 'A')
	|| setweight(to_tsvector('english'::regconfig, coalesce("description"->>'en', '')), 'B')
	|| setweight(to_tsvector('german'::regconfig, coalesce("description"->>'de', '')), 'B')
	|| setweight(to_tsvector('french'::regconfig, coalesce("description"->>'fr', '')), 'B')
	|| setweight(to_tsvector('spanish'::regconfig, coalesce("description"->>'es', '')), 'B')
	|| setweight(jsonb_to_tsvector('simple'::regconfig, "description", '["string"]'::jsonb), 'B')
) STORED;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "search_titles" text GENERATED ALWAYS AS (lower(jsonb_path_query_array("title", '$.*')::text)) STORED;--> statement-breakpoint
CREATE INDEX "workouts_search_vector_idx" ON "workouts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "workouts_search_titles_trgm_idx" ON "workouts" USING gin ("search_titles" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "training_plans" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("title"->>'en', '')), 'A')
	|| setweight(to_tsvector('german'::regconfig, coalesce("title"->>'de', '')), 'A')
	|| setweight(to_tsvector('french'::regconfig, coalesce("title"->>'fr', '')), 'A')
	|| setweight(to_tsvector('spanish'::regconfig, coalesce("title"->>'es', '')), 'A')
	|| setweight(jsonb_to_tsvector('simple'::regconfig, "title", '["string"]'::jsonb), 'A')
	|| setweight(to_tsvector('english'::regconfig, coalesce("description"->>'en', '')), 'B')
	|| setweight(to_tsvector('german'::regconfig, coalesce("description"->>'de', '')), 'B')
	|| setweight(to_tsvector('french'::regconfig, coalesce("description"->>'fr', '')), 'B')
	|| setweight(to_tsvector('spanish'::regconfig, coalesce("description"->>'es', '')), 'B')
	|| setweight(jsonb_to_tsvector('simple'::regconfig, "description", '["string"]'::jsonb), 'B')
) STORED;--> statement-breakpoint
ALTER TABLE "training_plans" ADD COLUMN "search_titles" text GENERATED ALWAYS AS (lower(jsonb_path_query_array("title", '$.*')::text)) STORED;--> statement-breakpoint
CREATE INDEX "training_plans_search_vector_idx" ON "training_plans" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "training_plans_search_titles_trgm_idx" ON "training_plans" USING gin ("search_titles" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "on_demand" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("title"->>'en', '')), 'A')
	|| setweight(to_tsvector('german'::regconfig, coalesce("title"->>'de', '')), 'A')
	|| setweight(to_tsvector('french'::regconfig, coalesce("title"->>'fr', '')), 'A')
	|| setweight(to_tsvector('spanish'::regconfig, coalesce("title"->>'es', '')), 'A')
	|| setweight(jsonb_to_tsvector('simple'::regconfig, "title", '["string"]'::jsonb), 'A')
	|| setweight(to_tsvector('english'::regconfig, coalesce("description"->>'en', '')), 'B')
	|| setweight(to_tsvector('german'::regconfig, coalesce("description"->>'de', '')), 'B')
	|| setweight(to_tsvector('french'::regconfig, coalesce("description"->>'fr', '')), 'B')
	|| setweight(to_tsvector('spanish'::regconfig, coalesce("description"->>'es', '')), 'B')
	|| setweight(jsonb_to_tsvector('simple'::regconfig, "description", '["string"]'::jsonb), 'B')
) STORED;--> statement-breakpoint
ALTER TABLE "on_demand" ADD COLUMN "search_titles" text GENERATED ALWAYS AS (lower(jsonb_path_query_array("title", '$.*')::text)) STORED;--> statement-breakpoint
CREATE INDEX "on_demand_search_vector_idx" ON "on_demand" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "on_demand_search_titles_trgm_idx" ON "on_demand" USING gin ("search_titles" gin_trgm_ops);
