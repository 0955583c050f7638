-- The overview's aggregates and the ledger search at a million entries: generates the data (a few
-- merchants holding most of it, as real ones do), then prints EXPLAIN ANALYZE of each query.
-- Run on a freshly migrated, empty database (docs/decisions/0017-analytics-reconciliation.md):
--   createdb plans && DATABASE_URL=.../plans npx prisma migrate deploy && psql .../plans -f bench/analytics-plans.sql
\set ON_ERROR_STOP on
\timing off
SET client_min_messages = warning;

INSERT INTO users (id, email, name, password_hash, role, updated_at)
SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'm' || g || '@bench.test', 'Loja ' || g, 'x',
       'MERCHANT', now()
  FROM generate_series(1, 20) g;
INSERT INTO accounts (id, user_id, name, document, person_type, updated_at)
SELECT lpad(g::text, 12, '9'), ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Loja ' || g,
       '11222333000181', 'company', now()
  FROM generate_series(1, 20) g;

CREATE TEMP TABLE bench_merchants AS
SELECT g AS m, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid AS user_id, lpad(g::text, 12, '9') AS account_id
  FROM generate_series(1, 20) g;
\ir support/million-entries.sql

VACUUM ANALYZE ledger_entries;
VACUUM ANALYZE charges;

\echo '== daily aggregates, 90 days, the largest merchant (600k entries, ~300k in the period)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
WITH agg AS (
  SELECT date_trunc('day', created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
         count(*) FILTER (WHERE type = 'credit') AS in_count,
         coalesce(sum(net_cents) FILTER (WHERE type = 'credit'), 0) AS in_cents,
         coalesce(sum(net_cents) FILTER (WHERE type = 'debit'), 0) AS out_cents,
         count(*) FILTER (WHERE reason = 'pix_in:qrcode_paid') AS charges_count,
         coalesce(sum(gross_cents) FILTER (WHERE reason = ANY('{pix_in:credited,pix_in:qrcode_paid}')), 0) AS received,
         count(*) FILTER (WHERE fee_cents > 0) AS fees_count, coalesce(sum(fee_cents), 0) AS fees_cents
    FROM ledger_entries
   WHERE user_id = '00000000-0000-4000-8000-000000000001' AND created_at >= now() - interval '90 days'
     AND created_at <= now() AND status = 'succeeded'
   GROUP BY 1)
SELECT d::date, agg.* FROM generate_series((now() - interval '89 days')::date, now()::date, interval '1 day') d
  LEFT JOIN agg ON agg.day = d::date;

\echo '== daily aggregates, 30 days, the largest merchant'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT date_trunc('day', created_at AT TIME ZONE 'America/Sao_Paulo')::date, count(*), sum(net_cents)
  FROM ledger_entries
 WHERE user_id = '00000000-0000-4000-8000-000000000001' AND created_at >= now() - interval '30 days'
   AND created_at <= now() AND status = 'succeeded'
 GROUP BY 1;

\echo '== top payers, 30 days, the largest merchant'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT payer->>'name', coalesce(payer->>'cpfCnpj', ''), count(*), sum(gross_cents)
  FROM ledger_entries
 WHERE user_id = '00000000-0000-4000-8000-000000000001' AND created_at >= now() - interval '30 days'
   AND created_at <= now() AND status = 'succeeded' AND type = 'credit'
   AND reason = ANY('{pix_in:credited,pix_in:qrcode_paid}') AND payer->>'name' IS NOT NULL
 GROUP BY 1, 2 ORDER BY 4 DESC LIMIT 5;

\echo '== charge conversion, 90 days'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*), count(*) FILTER (WHERE status = 'paid'),
       avg(extract(epoch FROM paid_at - created_at)) FILTER (WHERE status = 'paid')
  FROM charges
 WHERE user_id = '00000000-0000-4000-8000-000000000001' AND created_at >= now() - interval '90 days' AND created_at <= now();

\echo '== search: an end-to-end id (all readings of a token OR-ed)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries
 WHERE user_id = '00000000-0000-4000-8000-000000000001'
   AND (end_to_end_id = 'E9999999920260901000000000500000' OR entry_ref = 'E9999999920260901000000000500000'
        OR external_id = 'E9999999920260901000000000500000')
 ORDER BY created_at DESC, seq DESC LIMIT 20;

\echo '== search: an amount (R$ 1.234,56 and its other readings)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries
 WHERE user_id = '00000000-0000-4000-8000-000000000001'
   AND (end_to_end_id = '1234,56' OR entry_ref = '1234,56' OR external_id = '1234,56' OR gross_cents = 123456)
 ORDER BY created_at DESC, seq DESC LIMIT 20;

\echo '== search: part of a name'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries
 WHERE user_id = '00000000-0000-4000-8000-000000000001'
   AND (end_to_end_id = 'Pagador 4321' OR entry_ref = 'Pagador 4321' OR external_id = 'Pagador 4321'
        OR lower(coalesce(payer->>'name', '') || ' ' || coalesce(payer->>'cpfCnpj', '') || ' ' ||
                 coalesce(receiver->>'name', '') || ' ' || coalesce(receiver->>'cpfCnpj', '')) ILIKE '%pagador 4321%')
 ORDER BY created_at DESC, seq DESC LIMIT 20;

\echo '== search: a masked CPF'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) FROM ledger_entries
 WHERE user_id = '00000000-0000-4000-8000-000000000001'
   AND lower(coalesce(payer->>'name', '') || ' ' || coalesce(payer->>'cpfCnpj', '') || ' ' ||
             coalesce(receiver->>'name', '') || ' ' || coalesce(receiver->>'cpfCnpj', '')) ILIKE '%***.321.337-**%';
