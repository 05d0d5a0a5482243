CREATE TABLE "organization_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint,
	"counts" jsonb,
	"files" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"storage_key" text NOT NULL,
	"bytes_total" bigint NOT NULL,
	"ids" text,
	"counts" jsonb,
	"files" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organization_exports" ADD CONSTRAINT "organization_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_exports" ADD CONSTRAINT "organization_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_imports" ADD CONSTRAINT "organization_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_imports" ADD CONSTRAINT "organization_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_exports_org_idx" ON "organization_exports" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "organization_imports_org_idx" ON "organization_imports" USING btree ("organization_id","created_at","id");