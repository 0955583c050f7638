-- A million ledger entries and 200,000 charges, generated in SQL (bench/analytics-plans.sql,
-- bench/ledger.ts, bench/dashboard.ts). Expects the merchants in a table
--   bench_merchants (m int, user_id uuid, account_id varchar(12)) with m = 1..20,
-- their users and accounts already created. Merchant 1 gets 60% of the entries and every charge,
-- merchant 2 30%, the 18 others the rest: as real merchants, a few hold most of it.
-- Only what the listing, the search and the overview read is written: no postings, status events
-- or balance changes (so `ledger verify` sees nothing to check for these rows, and balances do not
-- reflect them).
-- 1,000,000 entries over 180 days: merchant 1 has 60%, merchant 2 30%, 18 others the rest.
INSERT INTO ledger_entries (id, account_id, user_id, type, reason, status, gross_cents, fee_cents, net_cents,
                            idempotency_key, end_to_end_id, entry_ref, external_id, payer, receiver, created_at, updated_at)
SELECT e2e, bm.account_id, bm.user_id,
       (CASE WHEN r < 3 THEN 'credit' ELSE 'debit' END)::"EntryType",
       (ARRAY['pix_in:credited', 'pix_in:qrcode_paid', 'pix_in:credited', 'pix_out:processing',
              'pix_in:refunded_processing'])[r + 1],
       (CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'succeeded' END)::"EntryStatus",
       amount, fee, CASE WHEN r < 3 THEN amount - fee ELSE amount + fee END,
       'bench:' || g, e2e,
       CASE WHEN r = 1 THEN 'tx' || lpad(g::text, 30, '0') END,
       CASE WHEN r = 3 THEN 'order-' || g END,
       CASE WHEN r < 3 THEN jsonb_build_object('name', 'Pagador ' || (g % 5000), 'cpfCnpj',
            '***.' || lpad((g % 1000)::text, 3, '0') || '.' || lpad((g % 997)::text, 3, '0') || '-**',
            'ispb', '12345678', 'agency', '0001', 'accountType', 'CACC', 'accountNumber', g::text) END,
       CASE WHEN r >= 3 THEN jsonb_build_object('name', 'Recebedor ' || (g % 3000), 'cpfCnpj', '***.123.456-**',
            'ispb', '12345678', 'agency', '0001', 'accountType', 'CACC', 'accountNumber', g::text) END,
       at, at
  FROM (
    SELECT g,
           CASE WHEN g % 10 < 6 THEN 1 WHEN g % 10 < 9 THEN 2 ELSE 3 + (g / 10) % 18 END AS m,
           (g * 7) % 5 AS r,
           1000 + (g::bigint * 7919) % 500000 AS amount,
           CASE WHEN (g * 7) % 5 = 3 THEN 50 ELSE 0 END AS fee,
           'E99999999' || to_char(now() - (g % 180) * interval '1 day', 'YYYYMMDD') || lpad(g::text, 15, '0') AS e2e,
           now() - (g::float / 1000000) * interval '180 days' AS at
      FROM generate_series(1, 1000000) g
  ) s
  JOIN bench_merchants bm ON bm.m = s.m;

INSERT INTO charges (tx_id, location_id, account_id, user_id, amount_cents, emv, status, expires_at, paid_at, created_at, updated_at)
SELECT 'tx' || lpad(g::text, 30, '0'), gen_random_uuid(), bm.account_id, bm.user_id, 1000, '0002',
       (CASE WHEN g % 3 = 0 THEN 'created' ELSE 'paid' END)::"ChargeStatus",
       now() + interval '1 day', CASE WHEN g % 3 <> 0 THEN now() - (g::float / 200000) * interval '180 days' + interval '5 minutes' END,
       now() - (g::float / 200000) * interval '180 days', now()
  FROM generate_series(1, 200000) g
  JOIN bench_merchants bm ON bm.m = 1;

