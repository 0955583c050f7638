-- Accent- and case-insensitive search (server/db/sql/search_fold.sql). unaccent ships with
-- PostgreSQL's contrib modules: Debian's postgresql-15 package and the embedded-postgres build.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Text as the search boxes compare it: lower case and without accents, so "cafe" finds "Café" and
-- "Fabio" finds "Fábio". unaccent() is only STABLE (its dictionary could be changed), which an
-- expression index refuses; naming the dictionary and its schema pins the result, so this wrapper
-- is IMMUTABLE and the trigram indexes of migration 20261126000600 are built on it. Searches must
-- use exactly the indexed expression (server/ledger/search.ts, server/charges/search.ts).
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- The ledger's text search reads one folded text: the entry's description and externalId (a
-- charge's "Pedido #1001" and order number) and both parties' names and masked documents. It
-- replaces the trigram index over the parties alone (migration 20261123200000): one GIN index
-- per entry, not two. server/ledger/search.ts matches exactly this expression.
DROP INDEX IF EXISTS "ledger_entries_parties_trgm_idx";
CREATE INDEX "ledger_entries_search_trgm_idx" ON "ledger_entries"
  USING gin (search_fold(coalesce("description", '') || ' ' || coalesce("external_id", '') || ' ' ||
                         coalesce("payer"->>'name', '') || ' ' || coalesce("payer"->>'cpfCnpj', '') || ' ' ||
                         coalesce("receiver"->>'name', '') || ' ' || coalesce("receiver"->>'cpfCnpj', ''))
             gin_trgm_ops);

-- The charges list's search: description and externalId, folded (server/charges/search.ts).
CREATE INDEX "charges_search_trgm_idx" ON "charges"
  USING gin (search_fold(coalesce("description", '') || ' ' || coalesce("external_id", '')) gin_trgm_ops);
