CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"record_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"changes" jsonb NOT NULL,
	"languages" text[] NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_org_at_idx" ON "schedules" USING btree ("organization_id","at","id");--> statement-breakpoint
CREATE INDEX "schedules_record_idx" ON "schedules" USING btree ("organization_id","collection","record_id","at");--> statement-breakpoint
CREATE INDEX "schedules_org_state_idx" ON "schedules" USING btree ("organization_id","state","at","id");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("at") WHERE "schedules"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "schedules_languages_idx" ON "schedules" USING gin ("languages");