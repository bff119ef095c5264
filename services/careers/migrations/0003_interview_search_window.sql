-- Interview search without reading every match (ADR 0091): a page walks the newest-first (or date)
-- index with the match as a filter and estimates `total` from the rows in scope, so the counts the
-- trigger of 0002 keeps now include one row per company ('company:' || the folded name): the
-- company filter's scope is a prefix of those scopes, summed from a few rows instead of counted.
CREATE OR REPLACE FUNCTION careers.track_interview_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    delta bigint := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
    company text := CASE WHEN TG_OP = 'INSERT' THEN NEW.company_key ELSE OLD.company_key END;
  BEGIN
    INSERT INTO careers.interview_counts AS c (scope, interviews)
      VALUES ('all', delta), ('company:' || company, delta)
      ON CONFLICT (scope) DO UPDATE SET interviews = c.interviews + EXCLUDED.interviews;
    RETURN NULL;
  END $$;
--> statement-breakpoint
INSERT INTO careers.interview_counts (scope, interviews)
  SELECT 'company:' || company_key, count(*) FROM careers.interviews GROUP BY company_key
  ON CONFLICT (scope) DO UPDATE SET interviews = EXCLUDED.interviews;
--> statement-breakpoint
-- A rare word is still looked up in the GIN index. Without fastupdate every insert goes straight
-- into it: the pending list (up to 4 MB, read by every search until a vacuum merges it, and the
-- embedded PostgreSQL never vacuums) is gone. Sharing an experience is rare; searching is not.
ALTER INDEX careers.interviews_search_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('careers.interviews_search_idx'::regclass);
