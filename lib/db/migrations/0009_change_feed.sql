CREATE SEQUENCE "public"."content_change_positions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "content_change_horizons" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"txid" "xid8" NOT NULL,
	"position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_changes" (
	"organization_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"record_id" text NOT NULL,
	"change" text NOT NULL,
	"status" jsonb,
	"ever_published" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"position" bigint DEFAULT nextval('content_change_positions') NOT NULL,
	CONSTRAINT "content_changes_organization_id_collection_record_id_pk" PRIMARY KEY("organization_id","collection","record_id"),
	CONSTRAINT "content_changes_change_check" CHECK ("content_changes"."change" IN ('upsert', 'delete'))
);
--> statement-breakpoint
ALTER TABLE "content_change_horizons" ADD CONSTRAINT "content_change_horizons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_changes" ADD CONSTRAINT "content_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_changes_feed_idx" ON "content_changes" USING btree ("organization_id","txid","position");--> statement-breakpoint
CREATE INDEX "content_changes_deleted_idx" ON "content_changes" USING btree ("changed_at") WHERE "content_changes"."change" = 'delete';--> statement-breakpoint
-- The sequence belongs to its column, so a copy of the database continues it (lib/db/copy-database.ts).
ALTER SEQUENCE content_change_positions OWNED BY content_changes.position;
--> statement-breakpoint
-- The change feed (docs/decisions/0021). Every insert, update and delete of a content or lookup record
-- moves the record's one row in content_changes to the end of the feed, in the change's own
-- transaction: the writing transaction's id (txid) and a new position from the sequence. A reader
-- orders by (txid, position) and returns only rows of transactions older than every one still
-- running, so a row can never appear before a position already handed out.
-- TG_ARGV: the collection's path under /content, and 'publishable' for collections with a status.
CREATE FUNCTION fcs_record_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_status jsonb;
  was_published boolean := true;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- An organization being deleted takes its feed with it (its rows cascade); nothing to record.
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
      RETURN NULL;
    END IF;
    IF TG_ARGV[1] = 'publishable' THEN
      was_published := OLD.published_at IS NOT NULL;
    END IF;
    INSERT INTO content_changes (organization_id, collection, record_id, change, status, ever_published, updated_at)
    VALUES (OLD.organization_id, TG_ARGV[0], OLD.id::text, 'delete', NULL, was_published, now())
    ON CONFLICT (organization_id, collection, record_id) DO UPDATE SET
      change = excluded.change, status = excluded.status, ever_published = excluded.ever_published,
      updated_at = excluded.updated_at, changed_at = now(), txid = pg_current_xact_id(),
      position = nextval('content_change_positions');
  ELSE
    IF TG_ARGV[1] = 'publishable' THEN
      row_status := NEW.status;
      was_published := NEW.published_at IS NOT NULL;
    END IF;
    INSERT INTO content_changes (organization_id, collection, record_id, change, status, ever_published, updated_at)
    VALUES (NEW.organization_id, TG_ARGV[0], NEW.id::text, 'upsert', row_status, was_published, NEW.updated_at)
    ON CONFLICT (organization_id, collection, record_id) DO UPDATE SET
      change = excluded.change, status = excluded.status, ever_published = excluded.ever_published,
      updated_at = excluded.updated_at, changed_at = now(), txid = pg_current_xact_id(),
      position = nextval('content_change_positions');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER exercises_change_feed AFTER INSERT OR DELETE ON exercises FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('exercises');
--> statement-breakpoint
CREATE TRIGGER exercises_change_feed_update AFTER UPDATE ON exercises FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('exercises');
--> statement-breakpoint
CREATE TRIGGER workouts_change_feed AFTER INSERT OR DELETE ON workouts FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('workouts', 'publishable');
--> statement-breakpoint
CREATE TRIGGER workouts_change_feed_update AFTER UPDATE ON workouts FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('workouts', 'publishable');
--> statement-breakpoint
CREATE TRIGGER training_plans_change_feed AFTER INSERT OR DELETE ON training_plans FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('training-plans', 'publishable');
--> statement-breakpoint
CREATE TRIGGER training_plans_change_feed_update AFTER UPDATE ON training_plans FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('training-plans', 'publishable');
--> statement-breakpoint
CREATE TRIGGER on_demand_change_feed AFTER INSERT OR DELETE ON on_demand FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('on-demand', 'publishable');
--> statement-breakpoint
CREATE TRIGGER on_demand_change_feed_update AFTER UPDATE ON on_demand FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('on-demand', 'publishable');
--> statement-breakpoint
CREATE TRIGGER instructors_change_feed AFTER INSERT OR DELETE ON instructors FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('instructors');
--> statement-breakpoint
CREATE TRIGGER instructors_change_feed_update AFTER UPDATE ON instructors FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('instructors');
--> statement-breakpoint
CREATE TRIGGER equipment_change_feed AFTER INSERT OR DELETE ON equipment FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('equipment');
--> statement-breakpoint
CREATE TRIGGER equipment_change_feed_update AFTER UPDATE ON equipment FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('equipment');
--> statement-breakpoint
CREATE TRIGGER equipment_brands_change_feed AFTER INSERT OR DELETE ON equipment_brands FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('equipment/brands');
--> statement-breakpoint
CREATE TRIGGER equipment_brands_change_feed_update AFTER UPDATE ON equipment_brands FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('equipment/brands');
--> statement-breakpoint
CREATE TRIGGER equipment_categories_change_feed AFTER INSERT OR DELETE ON equipment_categories FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('equipment/categories');
--> statement-breakpoint
CREATE TRIGGER equipment_categories_change_feed_update AFTER UPDATE ON equipment_categories FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('equipment/categories');
--> statement-breakpoint
CREATE TRIGGER fitness_goals_change_feed AFTER INSERT OR DELETE ON fitness_goals FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('goals');
--> statement-breakpoint
CREATE TRIGGER fitness_goals_change_feed_update AFTER UPDATE ON fitness_goals FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('goals');
--> statement-breakpoint
CREATE TRIGGER muscle_groups_change_feed AFTER INSERT OR DELETE ON muscle_groups FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('muscle-groups');
--> statement-breakpoint
CREATE TRIGGER muscle_groups_change_feed_update AFTER UPDATE ON muscle_groups FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('muscle-groups');
--> statement-breakpoint
CREATE TRIGGER body_parts_change_feed AFTER INSERT OR DELETE ON body_parts FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('body-parts');
--> statement-breakpoint
CREATE TRIGGER body_parts_change_feed_update AFTER UPDATE ON body_parts FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('body-parts');
--> statement-breakpoint
CREATE TRIGGER content_categories_change_feed AFTER INSERT OR DELETE ON content_categories FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('categories');
--> statement-breakpoint
CREATE TRIGGER content_categories_change_feed_update AFTER UPDATE ON content_categories FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('categories');
--> statement-breakpoint
CREATE TRIGGER activity_types_change_feed AFTER INSERT OR DELETE ON activity_types FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('activity-types');
--> statement-breakpoint
CREATE TRIGGER activity_types_change_feed_update AFTER UPDATE ON activity_types FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('activity-types');
--> statement-breakpoint
CREATE TRIGGER content_providers_change_feed AFTER INSERT OR DELETE ON content_providers FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('providers');
--> statement-breakpoint
CREATE TRIGGER content_providers_change_feed_update AFTER UPDATE ON content_providers FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('providers');
--> statement-breakpoint
CREATE TRIGGER content_packages_change_feed AFTER INSERT OR DELETE ON content_packages FOR EACH ROW
  EXECUTE FUNCTION fcs_record_content_change('packages');
--> statement-breakpoint
CREATE TRIGGER content_packages_change_feed_update AFTER UPDATE ON content_packages FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fcs_record_content_change('packages');
--> statement-breakpoint
-- Records that exist before the feed: each once, in the order they were last changed.
INSERT INTO content_changes (organization_id, collection, record_id, change, status, ever_published, updated_at, changed_at)
SELECT organization_id, collection, record_id, 'upsert', status, ever_published, updated_at, updated_at FROM (
  SELECT organization_id, 'exercises' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM exercises
  UNION ALL
  SELECT organization_id, 'workouts' AS collection, id::text AS record_id, status, published_at IS NOT NULL AS ever_published, updated_at FROM workouts
  UNION ALL
  SELECT organization_id, 'training-plans' AS collection, id::text AS record_id, status, published_at IS NOT NULL AS ever_published, updated_at FROM training_plans
  UNION ALL
  SELECT organization_id, 'on-demand' AS collection, id::text AS record_id, status, published_at IS NOT NULL AS ever_published, updated_at FROM on_demand
  UNION ALL
  SELECT organization_id, 'instructors' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM instructors
  UNION ALL
  SELECT organization_id, 'equipment' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM equipment
  UNION ALL
  SELECT organization_id, 'equipment/brands' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM equipment_brands
  UNION ALL
  SELECT organization_id, 'equipment/categories' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM equipment_categories
  UNION ALL
  SELECT organization_id, 'goals' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM fitness_goals
  UNION ALL
  SELECT organization_id, 'muscle-groups' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM muscle_groups
  UNION ALL
  SELECT organization_id, 'body-parts' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM body_parts
  UNION ALL
  SELECT organization_id, 'categories' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM content_categories
  UNION ALL
  SELECT organization_id, 'activity-types' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM activity_types
  UNION ALL
  SELECT organization_id, 'providers' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM content_providers
  UNION ALL
  SELECT organization_id, 'packages' AS collection, id::text AS record_id, NULL::jsonb AS status, true AS ever_published, updated_at FROM content_packages
) AS existing
ORDER BY updated_at, collection, record_id;
