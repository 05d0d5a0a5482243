ALTER TABLE "workouts" ADD COLUMN "exercise_equipment" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "exercises_org_name_en_idx" ON "exercises" USING btree ("organization_id",lower(("name" ->> 'en')),"id");--> statement-breakpoint
CREATE INDEX "exercises_org_name_de_idx" ON "exercises" USING btree ("organization_id",lower(("name" ->> 'de')),"id");--> statement-breakpoint
CREATE INDEX "exercises_org_name_fr_idx" ON "exercises" USING btree ("organization_id",lower(("name" ->> 'fr')),"id");--> statement-breakpoint
CREATE INDEX "exercises_org_name_es_idx" ON "exercises" USING btree ("organization_id",lower(("name" ->> 'es')),"id");--> statement-breakpoint
CREATE INDEX "on_demand_org_title_en_idx" ON "on_demand" USING btree ("organization_id",lower(("title" ->> 'en')),"id");--> statement-breakpoint
CREATE INDEX "on_demand_org_title_de_idx" ON "on_demand" USING btree ("organization_id",lower(("title" ->> 'de')),"id");--> statement-breakpoint
CREATE INDEX "on_demand_org_title_fr_idx" ON "on_demand" USING btree ("organization_id",lower(("title" ->> 'fr')),"id");--> statement-breakpoint
CREATE INDEX "on_demand_org_title_es_idx" ON "on_demand" USING btree ("organization_id",lower(("title" ->> 'es')),"id");--> statement-breakpoint
CREATE INDEX "workouts_exercise_equipment_idx" ON "workouts" USING gin ("exercise_equipment");--> statement-breakpoint
CREATE INDEX "workouts_org_title_en_idx" ON "workouts" USING btree ("organization_id",lower(("title" ->> 'en')),"id");--> statement-breakpoint
CREATE INDEX "workouts_org_title_de_idx" ON "workouts" USING btree ("organization_id",lower(("title" ->> 'de')),"id");--> statement-breakpoint
CREATE INDEX "workouts_org_title_fr_idx" ON "workouts" USING btree ("organization_id",lower(("title" ->> 'fr')),"id");--> statement-breakpoint
CREATE INDEX "workouts_org_title_es_idx" ON "workouts" USING btree ("organization_id",lower(("title" ->> 'es')),"id");--> statement-breakpoint
-- workouts.exercise_equipment: the equipment of the exercises a workout's phases use, kept by triggers so
-- that no application code writes it (search relates a workout to the equipment its exercises need).
CREATE FUNCTION "workouts_exercise_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."exercise_equipment" := ARRAY(
		SELECT DISTINCT equipment_id FROM "exercises", unnest("exercises"."equipment") AS equipment_id
		WHERE "exercises"."id" = ANY(NEW."exercise_ids") ORDER BY equipment_id);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "workouts_exercise_equipment" BEFORE INSERT OR UPDATE OF "exercise_ids", "exercise_equipment" ON "workouts"
	FOR EACH ROW EXECUTE FUNCTION "workouts_exercise_equipment"();--> statement-breakpoint
CREATE FUNCTION "exercises_equipment_to_workouts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."equipment" IS DISTINCT FROM OLD."equipment" THEN
		-- Setting the column runs the workouts trigger above, which recomputes it.
		UPDATE "workouts" SET "exercise_equipment" = '{}'
		WHERE "organization_id" = NEW."organization_id" AND "exercise_ids" @> ARRAY[NEW."id"];
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "exercises_equipment_to_workouts" AFTER UPDATE OF "equipment" ON "exercises"
	FOR EACH ROW EXECUTE FUNCTION "exercises_equipment_to_workouts"();--> statement-breakpoint
UPDATE "workouts" SET "exercise_equipment" = '{}' WHERE cardinality("exercise_ids") > 0;
