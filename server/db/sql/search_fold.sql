-- Text as the search boxes compare it: lower case and without accents, so "cafe" finds "Café" and
-- "Fabio" finds "Fábio". unaccent() is only STABLE (its dictionary could be changed), which an
-- expression index refuses; naming the dictionary and its schema pins the result, so this wrapper
-- is IMMUTABLE and the trigram indexes of migration 20261126000600 are built on it. Searches must
-- use exactly the indexed expression (server/ledger/search.ts, server/charges/search.ts).
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
