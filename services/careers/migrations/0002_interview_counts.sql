CREATE TABLE "careers"."interview_counts" (
	"scope" text PRIMARY KEY NOT NULL,
	"interviews" bigint NOT NULL
);
--> statement-breakpoint
-- Kept in the same transaction as each insert or delete (ADR 0060's pattern for the library): a
-- browse page reads its `total` here instead of counting 100,000 rows. One row, scope 'all'.
CREATE FUNCTION careers.track_interview_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO careers.interview_counts AS c (scope, interviews)
      VALUES ('all', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
      ON CONFLICT (scope) DO UPDATE SET interviews = c.interviews + EXCLUDED.interviews;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER interviews_counts AFTER INSERT OR DELETE ON careers.interviews
  FOR EACH ROW EXECUTE FUNCTION careers.track_interview_counts();
--> statement-breakpoint
INSERT INTO careers.interview_counts (scope, interviews)
  SELECT 'all', count(*) FROM careers.interviews;
