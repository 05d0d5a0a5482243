CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"facts" jsonb,
	"ladder" jsonb,
	"prefix" text,
	"attempt" uuid,
	"has_preview" boolean DEFAULT false NOT NULL,
	"has_waveform" boolean DEFAULT false NOT NULL,
	"poster_upload_id" uuid,
	"poster_second" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_captions" (
	"upload_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"language" text NOT NULL,
	"hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"cues" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_captions_upload_id_language_pk" PRIMARY KEY("upload_id","language")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "media_asset_id" uuid;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_poster_upload_id_uploads_id_fk" FOREIGN KEY ("poster_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_captions" ADD CONSTRAINT "upload_captions_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_captions" ADD CONSTRAINT "upload_captions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_org_sha256_key" ON "media_assets" USING btree ("organization_id","sha256");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_media_asset_idx" ON "uploads" USING btree ("media_asset_id");