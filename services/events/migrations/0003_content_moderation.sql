ALTER TABLE "events"."events" ADD COLUMN "posted_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Events posted before this release were never announced to moderation (no events.content.changed):
-- they get version 0 ("never announced") and the announce-existing-content job announces them; events
-- posted from now on start at 1, announced by their create.
ALTER TABLE "events"."events" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events"."events" ALTER COLUMN "version" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "events"."events" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events"."events" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "events"."events" ADD COLUMN "moderation_reason" text;