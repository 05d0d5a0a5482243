-- The vocabulary of each organization, for typo tolerance with a bound (docs/decisions/0007-search.md):
-- the words of 4 to 24 characters of the searched texts, as the 'simple' configuration writes them, each
-- with its deletion variants (lib/search/typos.ts computes the same for query words; the lengths here and
-- there must agree). A query word's candidates are the words whose variants overlap its own (GIN).
-- A word and the strings made from it by deleting up to as many characters as it may have typos:
-- none up to 4 characters, 1 for 5 to 8, 2 for 9 to 24.
CREATE FUNCTION search_word_variants(word text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT array_agg(DISTINCT variant ORDER BY variant) FROM (
		SELECT word AS variant
		UNION ALL
		SELECT overlay(word PLACING '' FROM i FOR 1)
			FROM generate_series(1, char_length(word)) AS i
			WHERE char_length(word) BETWEEN 5 AND 24
		UNION ALL
		SELECT overlay(overlay(word PLACING '' FROM j FOR 1) PLACING '' FROM i FOR 1)
			FROM generate_series(1, char_length(word)) AS i, generate_series(i + 1, char_length(word)) AS j
			WHERE char_length(word) BETWEEN 9 AND 24
	) AS variants
$$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"organization_id" uuid NOT NULL,
	"word" text NOT NULL,
	"variants" text[] GENERATED ALWAYS AS (search_word_variants(word)) STORED NOT NULL,
	CONSTRAINT "search_words_pkey" PRIMARY KEY("organization_id","word")
);
--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_variants_idx" ON "search_words" USING gin ("variants");--> statement-breakpoint
-- The words of a text search vector that belong in the vocabulary: 4 to 24 characters, no punctuation
-- (URLs, "push-up" as one token; its parts come separately): a query word never has any.
CREATE FUNCTION search_words_of(words tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT lexeme FROM unnest(words) WHERE char_length(lexeme) BETWEEN 4 AND 24 AND lexeme !~ '[[:punct:][:space:]]'
$$;--> statement-breakpoint
-- Adds those the vocabulary lacks. Words already known are skipped before inserting, so a write whose
-- words are all known takes no lock; new words are inserted in order, so two writes adding the same
-- new words wait for each other instead of deadlocking.
CREATE FUNCTION search_words_add(organization uuid, words tsvector) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_words (organization_id, word)
	SELECT organization, found.word FROM search_words_of(words) AS found(word)
	WHERE NOT EXISTS (SELECT 1 FROM search_words AS known WHERE known.organization_id = organization AND known.word = found.word)
	ORDER BY found.word
	ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_from_texts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM search_words_add(NEW.organization_id,
		jsonb_to_tsvector('simple'::regconfig, NEW.title, '["string"]') || jsonb_to_tsvector('simple'::regconfig, NEW.description, '["string"]'));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_from_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM search_words_add(NEW.organization_id, jsonb_to_tsvector('simple'::regconfig, NEW.name, '["string"]'));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_words_from_instructors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM search_words_add(NEW.organization_id, to_tsvector('simple'::regconfig, NEW.name));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "workouts_search_words" AFTER INSERT ON "workouts" FOR EACH ROW EXECUTE FUNCTION search_words_from_texts();--> statement-breakpoint
CREATE TRIGGER "workouts_search_words_update" AFTER UPDATE OF "title", "description" ON "workouts" FOR EACH ROW
	WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description") EXECUTE FUNCTION search_words_from_texts();--> statement-breakpoint
CREATE TRIGGER "training_plans_search_words" AFTER INSERT ON "training_plans" FOR EACH ROW EXECUTE FUNCTION search_words_from_texts();--> statement-breakpoint
CREATE TRIGGER "training_plans_search_words_update" AFTER UPDATE OF "title", "description" ON "training_plans" FOR EACH ROW
	WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description") EXECUTE FUNCTION search_words_from_texts();--> statement-breakpoint
CREATE TRIGGER "on_demand_search_words" AFTER INSERT ON "on_demand" FOR EACH ROW EXECUTE FUNCTION search_words_from_texts();--> statement-breakpoint
CREATE TRIGGER "on_demand_search_words_update" AFTER UPDATE OF "title", "description" ON "on_demand" FOR EACH ROW
	WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."description" IS DISTINCT FROM NEW."description") EXECUTE FUNCTION search_words_from_texts();--> statement-breakpoint
CREATE TRIGGER "fitness_goals_search_words" AFTER INSERT OR UPDATE OF "name" ON "fitness_goals" FOR EACH ROW EXECUTE FUNCTION search_words_from_names();--> statement-breakpoint
CREATE TRIGGER "content_categories_search_words" AFTER INSERT OR UPDATE OF "name" ON "content_categories" FOR EACH ROW EXECUTE FUNCTION search_words_from_names();--> statement-breakpoint
CREATE TRIGGER "equipment_search_words" AFTER INSERT OR UPDATE OF "name" ON "equipment" FOR EACH ROW EXECUTE FUNCTION search_words_from_names();--> statement-breakpoint
CREATE TRIGGER "instructors_search_words" AFTER INSERT OR UPDATE OF "name" ON "instructors" FOR EACH ROW EXECUTE FUNCTION search_words_from_instructors();--> statement-breakpoint
-- The words of what exists already, in one pass.
INSERT INTO search_words (organization_id, word)
SELECT DISTINCT texts.organization_id, found.word FROM (
	SELECT organization_id, jsonb_to_tsvector('simple'::regconfig, title, '["string"]') || jsonb_to_tsvector('simple'::regconfig, description, '["string"]') AS words FROM "workouts"
	UNION ALL SELECT organization_id, jsonb_to_tsvector('simple'::regconfig, title, '["string"]') || jsonb_to_tsvector('simple'::regconfig, description, '["string"]') FROM "training_plans"
	UNION ALL SELECT organization_id, jsonb_to_tsvector('simple'::regconfig, title, '["string"]') || jsonb_to_tsvector('simple'::regconfig, description, '["string"]') FROM "on_demand"
	UNION ALL SELECT organization_id, jsonb_to_tsvector('simple'::regconfig, name, '["string"]') FROM "fitness_goals"
	UNION ALL SELECT organization_id, jsonb_to_tsvector('simple'::regconfig, name, '["string"]') FROM "content_categories"
	UNION ALL SELECT organization_id, jsonb_to_tsvector('simple'::regconfig, name, '["string"]') FROM "equipment"
	UNION ALL SELECT organization_id, to_tsvector('simple'::regconfig, name) FROM "instructors"
) AS texts, search_words_of(texts.words) AS found(word)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Titles are no longer compared by trigram similarity: typos are found through the vocabulary.
ALTER TABLE "workouts" DROP COLUMN "search_titles";--> statement-breakpoint
ALTER TABLE "training_plans" DROP COLUMN "search_titles";--> statement-breakpoint
ALTER TABLE "on_demand" DROP COLUMN "search_titles";
