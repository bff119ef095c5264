CREATE TABLE "housing"."blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "housing"."flat_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"flat_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "housing"."flat_photos" ADD CONSTRAINT "flat_photos_flat_id_flats_id_fk" FOREIGN KEY ("flat_id") REFERENCES "housing"."flats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flat_photos_flat_idx" ON "housing"."flat_photos" USING btree ("flat_id","position");--> statement-breakpoint
CREATE INDEX "flat_photos_key_idx" ON "housing"."flat_photos" USING btree ("key","uploaded_by");--> statement-breakpoint
CREATE INDEX "flat_photos_uploader_idx" ON "housing"."flat_photos" USING btree ("uploaded_by","created_at");