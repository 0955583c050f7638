-- The folded text search (server/ledger/search.ts, server/charges/list.ts) at a million entries,
-- for EXPLAIN: run after bench/analytics-plans.sql on the same database (its merchant 1, 600,000
-- entries). The generator writes no descriptions, so a fifth of merchant 1's paid charges get one
-- here, a few of them with accents ("Café"), and one payer is renamed "Fábio Araújo".
\set ON_ERROR_STOP on
\set u '''00000000-0000-4000-8000-000000000001'''

UPDATE ledger_entries
   SET description = 'Pedido #' || seq || CASE WHEN seq % 1000 = 0 THEN ' Café' ELSE ' pão de queijo' END
 WHERE user_id = :u::uuid AND reason = 'pix_in:qrcode_paid' AND seq % 5 = 0;
UPDATE ledger_entries SET payer = jsonb_set(payer, '{name}', '"Fábio Araújo"')
 WHERE user_id = :u::uuid AND payer IS NOT NULL AND seq % 20000 = 7;
UPDATE charges SET description = 'Pedido #' || amount_cents || CASE WHEN amount_cents % 1000 = 0 THEN ' Café' ELSE '' END,
                   external_id = 'pedido-' || tx_id
 WHERE user_id = :u::uuid AND amount_cents % 7 = 0;
VACUUM ANALYZE ledger_entries;
VACUUM ANALYZE charges;

\echo '== a payer typed without accents: "fabio" (a few dozen of 600,000)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) AS n, array_agg(seq ORDER BY ord) FILTER (WHERE ord > 0 AND ord <= 20) AS page
  FROM (SELECT seq, row_number() OVER (ORDER BY created_at DESC, seq DESC) AS ord
          FROM ledger_entries
         WHERE user_id = :u::uuid
           AND (end_to_end_id = 'fabio' OR entry_ref = 'fabio' OR external_id = 'fabio'
                OR search_fold(coalesce(description, '') || ' ' || coalesce(external_id, '') || ' ' ||
                               coalesce(payer->>'name', '') || ' ' || coalesce(payer->>'cpfCnpj', '') || ' ' ||
                               coalesce(receiver->>'name', '') || ' ' || coalesce(receiver->>'cpfCnpj', ''))
                   LIKE search_fold('%fabio%'))
         ORDER BY created_at DESC, seq DESC LIMIT 10001) firsts;

\echo '== a description typed without accents: "cafe" (about a hundred)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) AS n, array_agg(seq ORDER BY ord) FILTER (WHERE ord > 0 AND ord <= 20) AS page
  FROM (SELECT seq, row_number() OVER (ORDER BY created_at DESC, seq DESC) AS ord
          FROM ledger_entries
         WHERE user_id = :u::uuid
           AND (end_to_end_id = 'cafe' OR entry_ref = 'cafe' OR external_id = 'cafe'
                OR search_fold(coalesce(description, '') || ' ' || coalesce(external_id, '') || ' ' ||
                               coalesce(payer->>'name', '') || ' ' || coalesce(payer->>'cpfCnpj', '') || ' ' ||
                               coalesce(receiver->>'name', '') || ' ' || coalesce(receiver->>'cpfCnpj', ''))
                   LIKE search_fold('%cafe%'))
         ORDER BY created_at DESC, seq DESC LIMIT 10001) firsts;

\echo '== an order number: "order-1234" (exact externalId, or part of one)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) AS n, array_agg(seq ORDER BY ord) FILTER (WHERE ord > 0 AND ord <= 20) AS page
  FROM (SELECT seq, row_number() OVER (ORDER BY created_at DESC, seq DESC) AS ord
          FROM ledger_entries
         WHERE user_id = :u::uuid
           AND (end_to_end_id = 'order-1234' OR entry_ref = 'order-1234' OR external_id = 'order-1234'
                OR search_fold(coalesce(description, '') || ' ' || coalesce(external_id, '') || ' ' ||
                               coalesce(payer->>'name', '') || ' ' || coalesce(payer->>'cpfCnpj', '') || ' ' ||
                               coalesce(receiver->>'name', '') || ' ' || coalesce(receiver->>'cpfCnpj', ''))
                   LIKE search_fold('%order-1234%'))
         ORDER BY created_at DESC, seq DESC LIMIT 10001) firsts;

\echo '== a common word: "pedido" (24,000 matches: the cap counts the first 10,001)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) AS n, array_agg(seq ORDER BY ord) FILTER (WHERE ord > 0 AND ord <= 20) AS page
  FROM (SELECT seq, row_number() OVER (ORDER BY created_at DESC, seq DESC) AS ord
          FROM ledger_entries
         WHERE user_id = :u::uuid
           AND (end_to_end_id = 'pedido' OR entry_ref = 'pedido' OR external_id = 'pedido'
                OR search_fold(coalesce(description, '') || ' ' || coalesce(external_id, '') || ' ' ||
                               coalesce(payer->>'name', '') || ' ' || coalesce(payer->>'cpfCnpj', '') || ' ' ||
                               coalesce(receiver->>'name', '') || ' ' || coalesce(receiver->>'cpfCnpj', ''))
                   LIKE search_fold('%pedido%'))
         ORDER BY created_at DESC, seq DESC LIMIT 10001) firsts;

\echo '== charges: "cafe" among 200,000 charges of merchant 1'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT tx_id FROM charges
 WHERE user_id = :u::uuid
   AND (tx_id = 'cafe'
        OR search_fold(coalesce(description, '') || ' ' || coalesce(external_id, '')) LIKE search_fold('%cafe%'))
 ORDER BY created_at DESC LIMIT 20 OFFSET 0;
