-- Company pages (issue 28): one company whatever the case, accents or spaces of its name ("Google",
-- "google ", "GOOGLE", "Société Générale" / "societe generale"). The key is a slug of the folded
-- name (careers.search_fold, as the search): runs of anything but a-z and 0-9 become one '-'. A
-- name with no such letter at all (a script the fold does not reach) is keyed by a hash of its
-- trimmed lower-case spelling. A slug of a slug is itself, so the page may slug its path again.
CREATE FUNCTION careers.company_slug(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(
    nullif(btrim(left(btrim(regexp_replace(careers.search_fold(name), '[^a-z0-9]+', '-', 'g'), '-'), 120), '-'), ''),
    'company-' || left(md5(lower(btrim(name))), 12)
  ) $$;
--> statement-breakpoint
-- Stored generated columns: every existing row gets its key as the column is added (the backfill),
-- and an edit of the company name moves it.
ALTER TABLE "careers"."interviews" ADD COLUMN "company_slug" text
  GENERATED ALWAYS AS (careers.company_slug("company_name")) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "careers"."job_posts" ADD COLUMN "company_slug" text
  GENERATED ALWAYS AS (careers.company_slug("company_name")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "interviews_company_slug_idx" ON "careers"."interviews" USING btree ("company_slug", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "job_posts_company_slug_idx" ON "careers"."job_posts" USING btree ("company_slug", "created_at" DESC, "id" DESC);
