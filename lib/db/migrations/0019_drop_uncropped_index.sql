-- 0018 once created a partial index of uploads without a chosen crop; its predicate does not fit
-- PostgreSQL's index row, so 0018 no longer creates it. Databases that got it (embedded) drop it here.
DROP INDEX IF EXISTS "uploads_uncropped_idx";
