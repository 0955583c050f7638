-- ledger_post_many: group commit (docs/decisions/0022-group-commit.md). Posts several independent
-- changes (new entries, their legs, their outbox events; no status transitions) in the caller's
-- transaction, each accepted or refused on its own, so one refused change never fails the others:
--   1. decides, without locks: when, taking every change in order, no balance would go below
--      zero and no outgoing external id repeats or is taken, all are accepted (one statement);
--   2. otherwise reads the touched accounts' buckets and takes the changes one by one. A change
--      that would take a bucket below zero is refused with 'insufficient_funds:<account id>', a
--      debit whose (account, outgoing external id) is already used — before or earlier in the
--      batch — with 'outgoing_external_id'; otherwise its deltas move the balances read;
--   3. inserts the accepted changes' entries, status events, postings (one ledger transaction
--      per change) and outbox events, one INSERT each;
--   4. last, so that the row locks are held only for this step and the commit: locks the touched
--      accounts in account-id order (as ledger_post moves them: no deadlocks between the two),
--      re-checks that no bucket goes below zero, and moves the balances in one UPDATE. If a
--      concurrent change spent the money since step 1, the call fails ('insufficient_funds:<id>',
--      SQLSTATE P0001) and nothing is written.
-- Answers one item per change, in order: {"entries": [{seq, created_at} of each new entry, in the
-- change's order]} or {"error": "<reason>"}; the caller has every other column already.
-- When the call fails as a whole (step 4, a unique index hit by a concurrent batch, a deadlock)
-- the caller posts each change on its own with ledger_post.
-- What a set of legs does to each merchant account's buckets (system legs have no account).
CREATE OR REPLACE FUNCTION "ledger_leg_deltas"(legs jsonb)
RETURNS TABLE (id text, available bigint, held bigint, blocked bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT leg->>'account_id',
         SUM(CASE WHEN leg->>'bucket' = 'available' THEN (leg->>'amount')::bigint ELSE 0 END)::bigint,
         SUM(CASE WHEN leg->>'bucket' = 'held' THEN (leg->>'amount')::bigint ELSE 0 END)::bigint,
         SUM(CASE WHEN leg->>'bucket' = 'blocked' THEN (leg->>'amount')::bigint ELSE 0 END)::bigint
    FROM jsonb_array_elements(COALESCE(legs, '[]'::jsonb)) leg
   WHERE leg->>'account_id' IS NOT NULL
   GROUP BY 1
$$;

-- Generic plans: the planner's estimates for JSON do not depend on the argument, so planning each
-- statement anew on every call (custom plans) only costs time — an eighth of the function's CPU.
CREATE OR REPLACE FUNCTION "ledger_post_many"(changes jsonb) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
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
  -- every account the changes touch: the account queries below look rows up by this array, so
  -- they probe the primary key whatever the planner guesses about the JSON (a join on it would
  -- scan the whole table once accounts are many)
  ids text[];
  accepted_legs jsonb;
BEGIN
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(changes) c
     WHERE (SELECT COALESCE(SUM((leg->>'amount')::bigint), 0) FROM jsonb_array_elements(c->'legs') leg) <> 0
  ) THEN
    RAISE EXCEPTION 'unbalanced ledger change' USING ERRCODE = 'check_violation';
  END IF;

  SELECT array_agg(DISTINCT leg->>'account_id' ORDER BY leg->>'account_id') INTO ids
    FROM jsonb_array_elements(changes) c, jsonb_array_elements(c->'legs') leg
   WHERE leg->>'account_id' IS NOT NULL;

  -- The common case in one statement: taking every change in order, no account's running
  -- balance goes below zero in any bucket, and no outgoing external id repeats or is taken.
  SELECT NOT EXISTS (
           SELECT 1
             FROM (SELECT d.id,
                          SUM(d.available) OVER w AS available, SUM(d.held) OVER w AS held,
                          SUM(d.blocked) OVER w AS blocked
                     FROM (SELECT c.i, x.* FROM jsonb_array_elements(changes) WITH ORDINALITY AS c(ch, i),
                                                ledger_leg_deltas(c.ch->'legs') x) d
                   WINDOW w AS (PARTITION BY d.id ORDER BY d.i)) r
             LEFT JOIN (SELECT * FROM accounts WHERE id = ANY(ids)) a ON a.id = r.id
            WHERE a.id IS NULL OR a.available_cents + r.available < 0 OR a.held_cents + r.held < 0
               OR a.blocked_cents + r.blocked < 0)
     AND NOT EXISTS (
           SELECT 1
             FROM (SELECT e->>'account_id' AS account_id, e->>'outgoing_external_id' AS external_id
                     FROM jsonb_array_elements(changes) ch, jsonb_array_elements(ch->'entries') e
                    WHERE e->>'outgoing_external_id' IS NOT NULL) o
            GROUP BY o.account_id, o.external_id
           HAVING COUNT(*) > 1 OR EXISTS (
                    SELECT 1 FROM ledger_entries l
                     WHERE l.account_id = o.account_id AND l.outgoing_external_id = o.external_id))
    INTO all_fit;

  IF all_fit THEN
    SELECT array_agg(i ORDER BY i), array_agg(NULL::text ORDER BY i) INTO accepted, outcomes
      FROM generate_series(0, jsonb_array_length(changes) - 1) AS i;
  ELSE
    FOR acct IN
      SELECT id, available_cents, held_cents, blocked_cents FROM accounts WHERE id = ANY(ids)
    LOOP
      balances := balances || jsonb_build_object(acct.id,
        jsonb_build_array(acct.available_cents, acct.held_cents, acct.blocked_cents));
    END LOOP;

    FOR i IN 0 .. jsonb_array_length(changes) - 1 LOOP
      change := changes->i;
      refused := NULL;
      FOR delta IN
        SELECT * FROM ledger_leg_deltas(change->'legs') ORDER BY id
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
          SELECT * FROM ledger_leg_deltas(change->'legs')
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

    SELECT jsonb_agg(leg) INTO accepted_legs
      FROM unnest(accepted) AS k, jsonb_array_elements(changes->k->'legs') leg;
    -- Row locks in account-id order (a re-check sees what a concurrent commit left), then one
    -- UPDATE for every touched account.
    FOR acct IN
      SELECT a.id,
             a.available_cents + d.available >= 0 AND a.held_cents + d.held >= 0
               AND a.blocked_cents + d.blocked >= 0 AS fits
        FROM accounts a
        JOIN ledger_leg_deltas(accepted_legs) d ON d.id = a.id
       WHERE a.id = ANY(ids)
       ORDER BY a.id
         FOR NO KEY UPDATE OF a
    LOOP
      IF NOT acct.fits THEN
        RAISE EXCEPTION 'insufficient_funds:%', acct.id USING ERRCODE = 'P0001';
      END IF;
    END LOOP;
    UPDATE accounts a
       SET available_cents = a.available_cents + d.available,
           held_cents = a.held_cents + d.held,
           blocked_cents = a.blocked_cents + d.blocked,
           updated_at = now()
      FROM ledger_leg_deltas(accepted_legs) d
     WHERE a.id = d.id AND a.id = ANY(ids);
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
