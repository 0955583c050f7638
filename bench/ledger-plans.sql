-- The ledger list's statements (server/ledger/queries.ts) at a million entries, for EXPLAIN:
-- run after bench/analytics-plans.sql on the same database (its merchant 1) (docs/decisions/0020-ledger-at-a-million.md).
\set ON_ERROR_STOP on
\set u '''00000000-0000-4000-8000-000000000001'''

\echo '== pages 1-100: one scan numbers, counts and picks the page (page 100 of 100, no filter)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) AS n, array_agg(seq ORDER BY ord) FILTER (WHERE ord > 9900 AND ord <= 10000) AS page
  FROM (SELECT seq, row_number() OVER (ORDER BY created_at DESC, seq DESC) AS ord
          FROM ledger_entries WHERE user_id = :u::uuid
         ORDER BY created_at DESC, seq DESC LIMIT 10001) firsts;

\echo '== the same, every filter, 30 days'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) AS n, array_agg(seq ORDER BY ord) FILTER (WHERE ord > 0 AND ord <= 100) AS page
  FROM (SELECT seq, row_number() OVER (ORDER BY created_at DESC, seq DESC) AS ord
          FROM ledger_entries WHERE user_id = :u::uuid AND type = 'credit' AND reason = 'pix_in:credited'
           AND status = 'failed' AND created_at >= now() - interval '30 days' AND created_at <= now()
         ORDER BY created_at DESC, seq DESC LIMIT 10001) firsts;

\echo '== deep pages: the page alone (page 100 of 100, no filter; 600,000 entries)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries WHERE user_id = :u::uuid
 ORDER BY created_at DESC, seq DESC LIMIT 101 OFFSET 9900;

\echo '== the capped count, no filter'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) FROM (SELECT 1 FROM ledger_entries WHERE user_id = :u::uuid LIMIT 10001) capped;

\echo '== the estimate above the cap'
EXPLAIN (FORMAT JSON) SELECT 1 FROM ledger_entries WHERE user_id = :u::uuid;

\echo '== page 100 of 100, status=failed (12,000 entries)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries WHERE user_id = :u::uuid AND status = 'failed'
 ORDER BY created_at DESC, seq DESC LIMIT 101 OFFSET 9900;

\echo '== the capped count, status=failed'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) FROM (SELECT 1 FROM ledger_entries WHERE user_id = :u::uuid AND status = 'failed' LIMIT 10001) capped;

\echo '== page 100 of 100, type=debit, reason=pix_out:processing'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries WHERE user_id = :u::uuid AND type = 'debit' AND reason = 'pix_out:processing'
 ORDER BY created_at DESC, seq DESC LIMIT 101 OFFSET 9900;

\echo '== page 50 of 50, every filter, 30 days'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries WHERE user_id = :u::uuid AND type = 'debit' AND reason = 'pix_out:processing'
   AND status = 'failed' AND created_at >= now() - interval '30 days' AND created_at <= now()
 ORDER BY created_at DESC, seq DESC LIMIT 51 OFFSET 2450;

\echo '== the capped count, every filter, 30 days'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) FROM (SELECT 1 FROM ledger_entries WHERE user_id = :u::uuid AND type = 'debit'
   AND reason = 'pix_out:processing' AND status = 'failed' AND created_at >= now() - interval '30 days'
   AND created_at <= now() LIMIT 10001) capped;

\echo '== page 100 of 100, 30 days'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries WHERE user_id = :u::uuid AND created_at >= now() - interval '30 days' AND created_at <= now()
 ORDER BY created_at DESC, seq DESC LIMIT 101 OFFSET 9900;

\echo '== a small merchant (2,800 entries): the capped count'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT count(*) FROM (SELECT 1 FROM ledger_entries WHERE user_id = '00000000-0000-4000-8000-000000000005'::uuid LIMIT 10001) capped;

\echo '== deep page 6,000 of 100, no filter'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
SELECT seq FROM ledger_entries WHERE user_id = :u::uuid
 ORDER BY created_at DESC, seq DESC LIMIT 101 OFFSET 599900;
