-- Search vectors kept in the row (docs/benchmarks.md, "after search work"): a workout's row is large
-- (its phases), so the toaster moved the generated search_vector out of line, and every search
-- fetched it from the TOAST table once per `@@` (the match and a title and a description test per
-- query word): four fifths of a broad search's buffer reads. STORAGE MAIN compresses it in the row
-- and moves it out only when nothing else can go; the other columns (phases, texts) go first.
ALTER TABLE "workouts" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "training_plans" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "on_demand" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
-- Storage applies to values written from now on: recompute the generated column of every row so that
-- existing vectors move into their rows (no other column changes, no trigger runs).
UPDATE "workouts" SET "search_vector" = DEFAULT;--> statement-breakpoint
UPDATE "training_plans" SET "search_vector" = DEFAULT;--> statement-breakpoint
UPDATE "on_demand" SET "search_vector" = DEFAULT;
