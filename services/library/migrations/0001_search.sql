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
-- The subject is indexed under both spellings of "Alogrithm" (spec §5) / "Algorithm" (spec §9).
CREATE FUNCTION library.book_document(title text, tags text[], subject text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('simple'::regconfig, coalesce(library.search_fold(title), '')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(library.search_fold(array_to_string(tags, ' ')), '')), 'B') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(library.search_fold(replace(subject, 'Alogrithm', 'Alogrithm Algorithm')), '')), 'C') $$;
--> statement-breakpoint
-- User text becomes lexemes through the same parser as the documents, each quoted and made a
-- prefix ('data':* & 'struc':*), so no character of the input is ever read as tsquery syntax.
-- No searchable word at all gives an empty query, which matches nothing.
CREATE FUNCTION library.prefix_query(q text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsquery('simple'::regconfig, coalesce(string_agg(
      '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''':*', ' & '), ''))
    FROM (SELECT lexeme FROM unnest(to_tsvector('simple'::regconfig, coalesce(library.search_fold(q), ''))) LIMIT 12) words $$;
--> statement-breakpoint
ALTER TABLE "library"."books" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (library.book_document("title", "tags", "subject")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "books_search_document_idx" ON "library"."books" USING gin ("search_document");
