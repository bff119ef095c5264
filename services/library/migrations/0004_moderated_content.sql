-- Books from before this release were never announced to moderation (no library.content.changed):
-- they get version 0 ("never announced") and the announce-existing-content job announces them;
-- books created from now on start at 1, announced by their create.
ALTER TABLE "library"."books" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "library"."books" ALTER COLUMN "version" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "library"."books" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library"."books" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "library"."books" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
-- The per-subject counts behind the browse page's `pages` are of the catalogue anyone sees: accepted
-- books that no moderator has hidden. The trigger now also follows `moderation`.
CREATE OR REPLACE FUNCTION library.track_accepted_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'accepted' AND OLD.moderation = 'visible' THEN
      UPDATE library.accepted_counts SET books = books - 1 WHERE subject = OLD.subject;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'accepted' AND NEW.moderation = 'visible' THEN
      INSERT INTO library.accepted_counts AS c (subject, books) VALUES (NEW.subject, 1)
        ON CONFLICT (subject) DO UPDATE SET books = c.books + 1;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
DROP TRIGGER books_accepted_counts ON library.books;
--> statement-breakpoint
CREATE TRIGGER books_accepted_counts AFTER INSERT OR DELETE OR UPDATE OF status, subject, moderation ON library.books
  FOR EACH ROW EXECUTE FUNCTION library.track_accepted_counts();
