-- ledger_post_many: the one posting implementation (docs/decisions/0004-ledger.md, 0022). Posts
-- several independent changes (new entries, their legs, their outbox events) in the caller's
-- transaction, each accepted or refused on its own, so one refused change never fails the others.
-- ledger_post is a batch of one of it; gateway_cash_out_many hands it its batch.
--   1. decides, in one statement, whether every change fits: the running balance of each
--      touched bucket, in change order, never goes below zero, every account exists, and no
--      outgoing external id repeats in the batch or was used before. Then every change is
--      accepted at once;
--   2. otherwise reads the touched accounts' buckets (no lock yet) and walks the changes in
--      order. A change that would take a bucket below zero is refused with
--      'insufficient_funds:<account id>', a debit whose (account, outgoing external id) is
--      already used, before or earlier in the batch, with 'outgoing_external_id';
--   3. inserts the accepted changes' entries, status events, postings (one ledger transaction
--      per change) and outbox events, one INSERT each;
--   4. last, so that the row locks are held only for this step and the commit: moves the touched
--      accounts' balances in account-id order (no deadlocks), each UPDATE conditional on no
--      bucket going below zero. If a concurrent change spent the money since step 1 or 2, the
--      call fails ('insufficient_funds:<id>', SQLSTATE P0001) and nothing is written.
-- A batch of one change marked "refusals": "raise" (ledger_post's) skips steps 1 and 2: step 4
-- and the unique index of outgoing external ids refuse it with an exception.
-- Answers one item per change, in order: {"entries": [{seq, created_at} of each new entry, in the
-- change's order]} or {"error": "<reason>"}; the caller has every other column already.
-- Its plans are generic and made without sequential or bitmap scans: a generic plan is made once
-- per connection, and one made while a table held a page or two could scan it whole on every call
-- once it had grown (docs/decisions/0023).
-- It runs as its owner (SECURITY DEFINER): the platform's role may read the ledger's tables but
-- write them only through these functions (docs/decisions/0053).
CREATE OR REPLACE FUNCTION "ledger_post_many"(changes jsonb) RETURNS jsonb LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = public, pg_temp
  SET plan_cache_mode = 'force_generic_plan'
  SET enable_seqscan = off
  SET enable_bitmapscan = off
AS $$
DECLARE
  balances jsonb := '{}'::jsonb;
  acct record;
  delta record;
  outgoing record;
  change jsonb;
  refused text;
  outcomes text[] := '{}';
  accepted int[] := '{}';
  used jsonb := '[]'::jsonb;
  placed_rows jsonb;
  all_fit boolean;
BEGIN
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(changes) c
     WHERE (SELECT COALESCE(SUM((leg->>'amount')::bigint), 0) FROM jsonb_array_elements(c->'legs') leg) <> 0
  ) THEN
    RAISE EXCEPTION 'unbalanced ledger change' USING ERRCODE = 'check_violation';
  END IF;

  -- A change posted alone in its caller's transaction (ledger_post) is refused by an exception
  -- anyway: the locked balance UPDATEs and the unique index decide it, as they would a change
  -- that a concurrent one made stale.
  IF jsonb_array_length(changes) = 1 AND changes->0->>'refusals' = 'raise' THEN
    all_fit := true;
  ELSE
    WITH moves AS (
      SELECT c.n AS change_no, leg->>'account_id' AS id,
             SUM(CASE WHEN leg->>'bucket' = 'available' THEN (leg->>'amount')::bigint ELSE 0 END) AS available,
             SUM(CASE WHEN leg->>'bucket' = 'held' THEN (leg->>'amount')::bigint ELSE 0 END) AS held,
             SUM(CASE WHEN leg->>'bucket' = 'blocked' THEN (leg->>'amount')::bigint ELSE 0 END) AS blocked
        FROM jsonb_array_elements(changes) WITH ORDINALITY AS c(change, n),
             jsonb_array_elements(c.change->'legs') leg
       WHERE leg->>'account_id' IS NOT NULL
       GROUP BY 1, 2
    ), buckets AS MATERIALIZED (
      SELECT id, available_cents, held_cents, blocked_cents FROM accounts
       WHERE id = ANY(ARRAY(SELECT DISTINCT id FROM moves))
    ), running AS (
      SELECT b.id IS NOT NULL AS known,
             b.available_cents + SUM(m.available) OVER w AS available,
             b.held_cents + SUM(m.held) OVER w AS held,
             b.blocked_cents + SUM(m.blocked) OVER w AS blocked
        FROM moves m LEFT JOIN buckets b ON b.id = m.id
      WINDOW w AS (PARTITION BY m.id ORDER BY m.change_no)
    ), outgoing AS (
      SELECT e->>'account_id' AS account_id, e->>'outgoing_external_id' AS external_id
        FROM jsonb_array_elements(changes) c, jsonb_array_elements(c->'entries') e
       WHERE e->>'outgoing_external_id' IS NOT NULL
    )
    SELECT (SELECT COALESCE(bool_and(known AND available >= 0 AND held >= 0 AND blocked >= 0), true) FROM running)
       AND (SELECT count(*) = count(DISTINCT (account_id, external_id)) FROM outgoing)
       AND NOT EXISTS (
         SELECT 1 FROM outgoing o
          CROSS JOIN LATERAL (SELECT 1 FROM ledger_entries le
                               WHERE le.account_id = o.account_id AND le.outgoing_external_id = o.external_id
                               LIMIT 1) used_before)
      INTO all_fit;
  END IF;

  IF all_fit THEN
    accepted := ARRAY(SELECT generate_series(0, jsonb_array_length(changes) - 1));
    outcomes := array_fill(NULL::text, ARRAY[jsonb_array_length(changes)]);
  ELSE
    FOR acct IN
      SELECT id, available_cents, held_cents, blocked_cents FROM accounts
       WHERE id = ANY(ARRAY(SELECT leg->>'account_id' FROM jsonb_array_elements(changes) c,
                                                            jsonb_array_elements(c->'legs') leg
                             WHERE leg->>'account_id' IS NOT NULL))
    LOOP
      balances := balances || jsonb_build_object(acct.id,
        jsonb_build_array(acct.available_cents, acct.held_cents, acct.blocked_cents));
    END LOOP;

    FOR i IN 0 .. jsonb_array_length(changes) - 1 LOOP
      change := changes->i;
      refused := NULL;
      FOR delta IN
        SELECT leg->>'account_id' AS id,
               SUM(CASE WHEN leg->>'bucket' = 'available' THEN (leg->>'amount')::bigint ELSE 0 END) AS available,
               SUM(CASE WHEN leg->>'bucket' = 'held' THEN (leg->>'amount')::bigint ELSE 0 END) AS held,
               SUM(CASE WHEN leg->>'bucket' = 'blocked' THEN (leg->>'amount')::bigint ELSE 0 END) AS blocked
          FROM jsonb_array_elements(change->'legs') leg
         WHERE leg->>'account_id' IS NOT NULL
         GROUP BY 1 ORDER BY 1
      LOOP
        IF balances->delta.id IS NULL
           OR (balances->delta.id->>0)::bigint + delta.available < 0
           OR (balances->delta.id->>1)::bigint + delta.held < 0
           OR (balances->delta.id->>2)::bigint + delta.blocked < 0 THEN
          refused := 'insufficient_funds:' || delta.id;
          EXIT;
        END IF;
      END LOOP;
      IF refused IS NULL THEN
        FOR outgoing IN
          SELECT jsonb_build_array(e->>'account_id', e->>'outgoing_external_id') AS pair,
                 e->>'account_id' AS account_id, e->>'outgoing_external_id' AS external_id
            FROM jsonb_array_elements(change->'entries') e
           WHERE e->>'outgoing_external_id' IS NOT NULL
        LOOP
          IF used @> jsonb_build_array(outgoing.pair) OR EXISTS (
            SELECT 1 FROM ledger_entries
             WHERE account_id = outgoing.account_id AND outgoing_external_id = outgoing.external_id
          ) THEN
            refused := 'outgoing_external_id';
            EXIT;
          END IF;
        END LOOP;
      END IF;
      IF refused IS NULL THEN
        FOR delta IN
          SELECT leg->>'account_id' AS id,
                 SUM(CASE WHEN leg->>'bucket' = 'available' THEN (leg->>'amount')::bigint ELSE 0 END) AS available,
                 SUM(CASE WHEN leg->>'bucket' = 'held' THEN (leg->>'amount')::bigint ELSE 0 END) AS held,
                 SUM(CASE WHEN leg->>'bucket' = 'blocked' THEN (leg->>'amount')::bigint ELSE 0 END) AS blocked
            FROM jsonb_array_elements(change->'legs') leg
           WHERE leg->>'account_id' IS NOT NULL
           GROUP BY 1
        LOOP
          balances := jsonb_set(balances, ARRAY[delta.id], jsonb_build_array(
            (balances->delta.id->>0)::bigint + delta.available,
            (balances->delta.id->>1)::bigint + delta.held,
            (balances->delta.id->>2)::bigint + delta.blocked));
        END LOOP;
        used := used || COALESCE((
          SELECT jsonb_agg(jsonb_build_array(e->>'account_id', e->>'outgoing_external_id'))
            FROM jsonb_array_elements(change->'entries') e WHERE e->>'outgoing_external_id' IS NOT NULL
        ), '[]'::jsonb);
        accepted := array_append(accepted, i);
      END IF;
      outcomes := array_append(outcomes, refused);
    END LOOP;
  END IF;

  IF cardinality(accepted) > 0 THEN
    WITH src AS MATERIALIZED (
      SELECT k AS change_no, (t.n - 1)::int AS n, t.e
        FROM unnest(accepted) AS k,
             jsonb_array_elements(COALESCE(changes->k->'entries', '[]'::jsonb)) WITH ORDINALITY AS t(e, n)
    ), rows AS (
      INSERT INTO ledger_entries (
        id, account_id, user_id, type, reason, status, gross_cents, fee_cents, net_cents, idempotency_key,
        end_to_end_id, parent_end_to_end_id, entry_ref, external_id, outgoing_external_id, request_id, pix_key,
        payer, receiver, obs, description, metadata, error_message, refunded_end_to_end_id, counterpart_entry_id,
        created_at, updated_at)
      SELECT e->>'id', e->>'account_id', (e->>'user_id')::uuid, (e->>'type')::"EntryType", e->>'reason',
             (e->>'status')::"EntryStatus", (e->>'gross')::bigint, (e->>'fee')::bigint, (e->>'net')::bigint,
             e->>'idempotency_key', e->>'end_to_end_id', e->>'parent_end_to_end_id', e->>'entry_ref',
             e->>'external_id', e->>'outgoing_external_id', e->>'request_id', e->>'pix_key',
             NULLIF(e->'payer', 'null'::jsonb), NULLIF(e->'receiver', 'null'::jsonb), e->>'obs', e->>'description',
             NULLIF(e->'metadata', 'null'::jsonb), e->>'error_message', e->>'refunded_end_to_end_id',
             e->>'counterpart_entry_id', now(), now()
        FROM src ORDER BY change_no, n
      RETURNING seq, account_id, id, created_at
    ), placed AS MATERIALIZED (
      SELECT s.change_no, s.n, r.seq, s.e, jsonb_build_object('seq', r.seq, 'created_at', r.created_at) AS row
        FROM rows r JOIN src s ON s.e->>'account_id' = r.account_id AND s.e->>'id' = r.id
    ), status_events AS (
      INSERT INTO entry_events (entry_seq, status, error_message, created_at)
      SELECT seq, (e->>'status')::"EntryStatus", e->>'error_message', now() FROM placed
    ), ledger_transactions AS MATERIALIZED (
      SELECT k AS change_no, gen_random_uuid() AS tx_id FROM unnest(accepted) AS k
    ), postings AS (
      INSERT INTO ledger_postings (transaction_id, entry_seq, account_id, bucket, amount_cents, created_at)
      SELECT t.tx_id, COALESCE((leg->>'entry_seq')::bigint, p.seq), leg->>'account_id', leg->>'bucket',
             (leg->>'amount')::bigint, now()
        FROM ledger_transactions t
        CROSS JOIN LATERAL jsonb_array_elements(COALESCE(changes->t.change_no->'legs', '[]'::jsonb)) leg
        LEFT JOIN placed p ON p.change_no = t.change_no AND p.n = (leg->>'entry')::int
    ), outbox AS (
      INSERT INTO outbox_events (id, topic, account_id, user_id, entry_id, payload, available_at, created_at, attempts)
      SELECT gen_random_uuid(), ev->>'topic', ev->>'account_id', (ev->>'user_id')::uuid, ev->>'entry_id', ev->'payload',
             COALESCE((ev->>'available_at')::timestamptz, now()), now(), 0
        FROM unnest(accepted) AS k, jsonb_array_elements(COALESCE(changes->k->'events', '[]'::jsonb)) ev
    )
    SELECT jsonb_object_agg(change_no::text, entries) INTO placed_rows
      FROM (SELECT change_no, jsonb_agg(row ORDER BY n) AS entries FROM placed GROUP BY change_no) g;

    FOR delta IN
      SELECT leg->>'account_id' AS id,
             SUM(CASE WHEN leg->>'bucket' = 'available' THEN (leg->>'amount')::bigint ELSE 0 END) AS available,
             SUM(CASE WHEN leg->>'bucket' = 'held' THEN (leg->>'amount')::bigint ELSE 0 END) AS held,
             SUM(CASE WHEN leg->>'bucket' = 'blocked' THEN (leg->>'amount')::bigint ELSE 0 END) AS blocked
        FROM unnest(accepted) AS k, jsonb_array_elements(changes->k->'legs') leg
       WHERE leg->>'account_id' IS NOT NULL
       GROUP BY 1 ORDER BY 1
    LOOP
      UPDATE accounts
         SET available_cents = available_cents + delta.available,
             held_cents = held_cents + delta.held,
             blocked_cents = blocked_cents + delta.blocked,
             updated_at = now()
       WHERE id = delta.id
         AND available_cents + delta.available >= 0
         AND held_cents + delta.held >= 0
         AND blocked_cents + delta.blocked >= 0;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient_funds:%', delta.id USING ERRCODE = 'P0001';
      END IF;
    END LOOP;
  END IF;

  RETURN (
    SELECT jsonb_agg(
             CASE WHEN outcomes[i + 1] IS NULL
                  THEN jsonb_build_object('entries', COALESCE(placed_rows->(i::text), '[]'::jsonb))
                  ELSE jsonb_build_object('error', outcomes[i + 1]) END
             ORDER BY i)
      FROM generate_series(0, jsonb_array_length(changes) - 1) AS i
  );
END $$;
