-- Interview search as the library's (ADR 0060): full-text search without extensions, so it runs the
-- same on PGlite 18 and PostgreSQL 15. Case: lower(); accents: translate() of Latin letters to ASCII.
-- The query side (careers.prefix_query) folds with the same function, so both sides always agree.
CREATE FUNCTION careers.search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(translate(value,
    'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ',
    'AAAAAAACEEEEIIIIDNOOOOOOUUUUYTsaaaaaaaceeeeiiiidnoooooouuuuytyAaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjKkLlLlLlLlNnNnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYy'
  )) $$;
--> statement-breakpoint
-- The rounds' description is HTML: tags (and their attributes, data: images included) and entities
-- are not words. Company (A) over role (B) over the experience's text (C).
CREATE FUNCTION careers.interview_document(company_name text, role text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('simple'::regconfig, coalesce(careers.search_fold(company_name), '')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(careers.search_fold(role), '')), 'B') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(careers.search_fold(
      regexp_replace(regexp_replace(description, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]{1,10};', ' ', 'g')
    ), '')), 'C') $$;
--> statement-breakpoint
-- User text becomes lexemes through the same parser as the documents; each is quoted, so no
-- character of the input is ever read as tsquery syntax. Every word must match; the last one as a
-- prefix, because it is the one being typed ("goo sde" -> 'goo' & 'sde':*). At most 12 words.
-- No searchable word at all gives an empty query, which matches nothing.
CREATE FUNCTION careers.prefix_query(q text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    WITH words AS (
      SELECT lexeme, positions[array_length(positions, 1)] AS last_at
      FROM unnest(to_tsvector('simple'::regconfig, coalesce(careers.search_fold(q), '')))
    ), kept AS (
      SELECT lexeme, last_at = max(last_at) OVER () AS is_last FROM words ORDER BY last_at LIMIT 12
    )
    SELECT to_tsquery('simple'::regconfig, coalesce(string_agg(
      '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''' || CASE WHEN is_last THEN ':*' ELSE '' END,
      ' & '), ''))
    FROM kept $$;
--> statement-breakpoint
ALTER TABLE "careers"."interviews" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (careers.interview_document("company_name", "role", "interview_rounds_description")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "interviews_search_idx" ON "careers"."interviews" USING gin ("search_document");
--> statement-breakpoint
-- The company filter: a prefix of the folded name, compared byte-wise (text_pattern_ops), so
-- "goo" finds Google whatever the case or accents and the filter reads a range of one index.
ALTER TABLE "careers"."interviews" ADD COLUMN "company_key" text
  GENERATED ALWAYS AS (careers.search_fold("company_name")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "interviews_company_key_idx" ON "careers"."interviews" USING btree ("company_key" text_pattern_ops);
