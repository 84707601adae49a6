-- lw_fold (0002) calls unaccent(regdictionary, text), which the extension declares STABLE. A SQL function whose body
-- is less immutable than itself is never inlined, so every call ran the SQL-function executor: about 2.6 µs a row
-- where the fold itself costs 0.9, paid twice for every lead written (search_text and the name index).
-- lw_unaccent declares the extension's own C entry point IMMUTABLE (the dictionary is always named, which is what
-- makes that true), so lw_fold's body becomes immutable and the planner inlines it: same results, so the generated
-- columns and the indexes built with the old definition stay valid.
-- Queries fold their search terms with lower(lw_unaccent(…)) rather than lw_fold(…): the planner folds a function of
-- constants by running it, and running a SQL function (parsing and planning its body) cost 30–50 µs a term, a
-- search's terms adding up to half a millisecond of planning; a C function runs in microseconds.
-- Creating a C-language function needs a superuser. Where Leadwell's role is not one, lw_unaccent is a SQL wrapper
-- and lw_fold keeps its definition: the same results, only slower.
DO $migration$
BEGIN
  CREATE OR REPLACE FUNCTION public.lw_unaccent(regdictionary, text) RETURNS text
    LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT
    AS '$libdir/unaccent', 'unaccent_dict';
  CREATE OR REPLACE FUNCTION public.lw_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $fold$ SELECT lower(public.lw_unaccent('public.unaccent'::regdictionary, value)) $fold$;
EXCEPTION WHEN insufficient_privilege THEN
  CREATE OR REPLACE FUNCTION public.lw_unaccent(regdictionary, text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $unaccent$ SELECT public.unaccent($1, $2) $unaccent$;
  RAISE NOTICE 'lw_unaccent is a SQL wrapper: creating a C-language function needs a superuser';
END
$migration$;
