ALTER TABLE "careers"."interviews" ADD COLUMN "author_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Rows from before this release get version 0: never announced to moderation (the
-- announce-existing-content job announces them as version 1); new rows start at 1.
ALTER TABLE "careers"."interviews" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "careers"."interviews" ALTER COLUMN "version" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "careers"."interviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "careers"."interviews" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "careers"."interviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "careers"."job_posts" ADD COLUMN "author_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Rows from before this release get version 0: never announced to moderation (the
-- announce-existing-content job announces them as version 1); new rows start at 1.
ALTER TABLE "careers"."job_posts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "careers"."job_posts" ALTER COLUMN "version" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "careers"."job_posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "careers"."job_posts" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "careers"."job_posts" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
-- The name of a named experience's author is its uploader name; an anonymous one's was never kept.
UPDATE "careers"."interviews" SET "author_name" = "uploader_name" WHERE "uploader_name" IS NOT NULL;
--> statement-breakpoint
-- The counts (migrations 0002/0003) are of the experiences everyone can see: a hidden one leaves them
-- and a restored one comes back; an edit that renames the company moves it between company scopes.
CREATE OR REPLACE FUNCTION careers.track_interview_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN
      IF OLD.moderation = 'visible' THEN
        INSERT INTO careers.interview_counts AS c (scope, interviews)
          VALUES ('all', -1), ('company:' || OLD.company_key, -1)
          ON CONFLICT (scope) DO UPDATE SET interviews = c.interviews + EXCLUDED.interviews;
      END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      IF NEW.moderation = 'visible' THEN
        INSERT INTO careers.interview_counts AS c (scope, interviews)
          VALUES ('all', 1), ('company:' || NEW.company_key, 1)
          ON CONFLICT (scope) DO UPDATE SET interviews = c.interviews + EXCLUDED.interviews;
      END IF;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER interviews_counts_update AFTER UPDATE ON careers.interviews
  FOR EACH ROW
  WHEN (OLD.company_key IS DISTINCT FROM NEW.company_key OR OLD.moderation IS DISTINCT FROM NEW.moderation)
  EXECUTE FUNCTION careers.track_interview_counts();
