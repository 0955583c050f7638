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

-- 1,000,000 entries over 180 days: merchant 1 has 60%, merchant 2 30%, 18 others the rest.
INSERT INTO ledger_entries (id, account_id, user_id, type, reason, status, gross_cents, fee_cents, net_cents,
                            idempotency_key, end_to_end_id, entry_ref, external_id, payer, receiver, created_at, updated_at)
SELECT e2e, lpad(m::text, 12, '9'), ('00000000-0000-4000-8000-' || lpad(m::text, 12, '0'))::uuid,
       (CASE WHEN r < 3 THEN 'credit' ELSE 'debit' END)::"EntryType",
       (ARRAY['pix_in:credited', 'pix_in:qrcode_paid', 'pix_in:credited', 'pix_out:processing',
              'pix_in:refunded_processing'])[r + 1],
       (CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'succeeded' END)::"EntryStatus",
       amount, fee, CASE WHEN r < 3 THEN amount - fee ELSE amount + fee END,
       'bench:' || g, e2e,
       CASE WHEN r = 1 THEN 'tx' || g END,
       CASE WHEN r = 3 THEN 'order-' || g END,
       CASE WHEN r < 3 THEN jsonb_build_object('name', 'Pagador ' || (g % 5000), 'cpfCnpj',
            '***.' || lpad((g % 1000)::text, 3, '0') || '.' || lpad((g % 997)::text, 3, '0') || '-**',
            'ispb', '12345678', 'agency', '0001', 'accountType', 'CACC', 'accountNumber', g::text) END,
       CASE WHEN r >= 3 THEN jsonb_build_object('name', 'Recebedor ' || (g % 3000), 'cpfCnpj', '***.123.456-**',
            'ispb', '12345678', 'agency', '0001', 'accountType', 'CACC', 'accountNumber', g::text) END,
       at, at
  FROM (
    SELECT g,
           CASE WHEN g % 10 < 6 THEN 1 WHEN g % 10 < 9 THEN 2 ELSE 3 + g % 18 END AS m,
           (g * 7) % 5 AS r,
           1000 + (g::bigint * 7919) % 500000 AS amount,
           CASE WHEN (g * 7) % 5 = 3 THEN 50 ELSE 0 END AS fee,
           'E99999999' || to_char(now() - (g % 180) * interval '1 day', 'YYYYMMDD') || lpad(g::text, 15, '0') AS e2e,
           now() - (g::float / 1000000) * interval '180 days' AS at
      FROM generate_series(1, 1000000) g
  ) s;

INSERT INTO charges (tx_id, location_id, account_id, user_id, amount_cents, emv, status, expires_at, paid_at, created_at, updated_at)
SELECT 'tx' || g, gen_random_uuid(), lpad('1', 12, '9'), '00000000-0000-4000-8000-000000000001'::uuid, 1000, '0002',
       (CASE WHEN g % 3 = 0 THEN 'created' ELSE 'paid' END)::"ChargeStatus",
       now() + interval '1 day', CASE WHEN g % 3 <> 0 THEN now() - (g::float / 200000) * interval '180 days' + interval '5 minutes' END,
       now() - (g::float / 200000) * interval '180 days', now()
  FROM generate_series(1, 200000) g;

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
