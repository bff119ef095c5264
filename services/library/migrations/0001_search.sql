-- Full-text search over title (A), tags (B) and subject (C) without extensions, so it runs the same
-- on PGlite 18 and PostgreSQL 15. Case: lower(); accents: translate() of Latin letters to ASCII.
-- The query side (library.prefix_query) folds with the same function, so both sides always agree.
CREATE FUNCTION library.search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(translate(value,
    'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ',
    'AAAAAAACEEEEIIIIDNOOOOOOUUUUYTsaaaaaaaceeeeiiiidnoooooouuuuytyAaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjKkLlLlLlLlNnNnNnOoOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYy'
  )) $$;
--> statement-breakpoint
-- The subject is indexed under both spellings: "Alogrithm" (books, spec §5) and "Algorithm" (§9).
CREATE FUNCTION library.book_document(title text, tags text[], subject text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('simple'::regconfig, coalesce(library.search_fold(title), '')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(library.search_fold(array_to_string(tags, ' ')), '')), 'B') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(library.search_fold(replace(subject, 'Alogrithm', 'Alogrithm Algorithm')), '')), 'C') $$;
--> statement-breakpoint
-- User text becomes lexemes through the same parser as the documents; each is quoted, so no
-- character of the input is ever read as tsquery syntax. Every word must match; the last one as a
-- prefix, because it is the one being typed ("data struc" -> 'data' & 'struc':*). At most 12 words.
-- No searchable word at all gives an empty query, which matches nothing.
CREATE FUNCTION library.prefix_query(q text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    WITH words AS (
      SELECT lexeme, positions[array_length(positions, 1)] AS last_at
      FROM unnest(to_tsvector('simple'::regconfig, coalesce(library.search_fold(q), '')))
    ), kept AS (
      SELECT lexeme, last_at = max(last_at) OVER () AS is_last FROM words ORDER BY last_at LIMIT 12
    )
    SELECT to_tsquery('simple'::regconfig, coalesce(string_agg(
      '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''' || CASE WHEN is_last THEN ':*' ELSE '' END,
      ' & '), ''))
    FROM kept $$;
--> statement-breakpoint
ALTER TABLE "library"."books" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (library.book_document("title", "tags", "subject")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "books_accepted_search_idx" ON "library"."books" USING gin ("search_document") WHERE "status" = 'accepted';
--> statement-breakpoint
CREATE FUNCTION library.track_accepted_counts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'accepted' THEN
      UPDATE library.accepted_counts SET books = books - 1 WHERE subject = OLD.subject;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'accepted' THEN
      INSERT INTO library.accepted_counts AS c (subject, books) VALUES (NEW.subject, 1)
        ON CONFLICT (subject) DO UPDATE SET books = c.books + 1;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER books_accepted_counts AFTER INSERT OR DELETE OR UPDATE OF status, subject ON library.books
  FOR EACH ROW EXECUTE FUNCTION library.track_accepted_counts();
