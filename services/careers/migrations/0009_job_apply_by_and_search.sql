ALTER TABLE "careers"."job_posts" ADD COLUMN "apply_by" date;--> statement-breakpoint
CREATE INDEX "job_posts_apply_by_idx" ON "careers"."job_posts" USING btree ("apply_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Job search (issue 28), as the interview search (ADR 0091): a stored generated tsvector over the
-- company (A), the role (B), the city (C) and the description (D), folded by careers.search_fold,
-- with its GIN index; queries go through careers.prefix_query, never tsquery or LIKE syntax.
CREATE FUNCTION careers.job_document(company_name text, role text, city text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('simple'::regconfig, coalesce(careers.search_fold(company_name), '')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(careers.search_fold(role), '')), 'B') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(careers.search_fold(city), '')), 'C') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(careers.search_fold(description), '')), 'D') $$;
--> statement-breakpoint
ALTER TABLE "careers"."job_posts" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (careers.job_document("company_name", "role", "city", "job_description")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "job_posts_search_idx" ON "careers"."job_posts" USING gin ("search_document") WITH (fastupdate = off);
