-- Rows from before this release get version 0: never announced to moderation (the
-- announce-existing-content job announces them as version 1); new rows start at 1.
ALTER TABLE "housing"."flats" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "housing"."flats" ALTER COLUMN "version" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD COLUMN "moderation_reason" text;