-- The database enforces the ledger, not only the code (docs/decisions/0053).
--
-- 1. The platform's role (pix_app) reads the ledger's tables (ledger_entries, ledger_postings,
--    entry_events) but may not INSERT, UPDATE, DELETE or TRUNCATE them, nor use their sequences;
--    it may not set an account's balances either. It writes them only through the functions
--    below, which run as their owner (SECURITY DEFINER, owned by pix_owner, search_path pinned).
-- 2. A deferred constraint trigger refuses, at COMMIT and for everyone, a ledger transaction
--    whose postings do not sum to zero and a posting that leaves a merchant account's bucket
--    below zero.
-- 3. TRUNCATE of a ledger table is refused to everyone, as the audit log's is.
--
-- The functions' current definitions are copied from their sources (server/ledger/sql/*.sql).

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

-- ledger_post: one change inside the caller's transaction (docs/decisions/0004-ledger.md), posted
-- as a batch of one of ledger_post_many. What it adds to the batch:
--   0. the status transition, if any (at most one): UPDATE … WHERE status = 'processing' and its
--      status event. When the entry is no longer processing (another settlement got there first)
--      nothing at all is written and the answer is {"applied": false}. The entry's row is locked
--      before the accounts', as the batch locks them last;
--   1. a refusal is an exception ("refusals": "raise"), so the caller's transaction cannot go on
--      as if it had posted: 'insufficient_funds:<account id>' (SQLSTATE P0001) from the locked
--      balance UPDATE, a unique violation of ledger_entries_account_id_outgoing_external_id_key
--      (23505) for an outgoing external id already used.
-- Answers {"applied": true, "entries": [{seq, created_at} of each new entry, in order],
-- "changed": [the transitioned row]}.
-- Runs as its owner (SECURITY DEFINER), as ledger_post_many does (docs/decisions/0053).
CREATE OR REPLACE FUNCTION "ledger_post"(change jsonb) RETURNS jsonb LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  transition jsonb := change->'transitions'->0;
  changed jsonb := '[]'::jsonb;
  outcome jsonb;
BEGIN
  IF jsonb_array_length(COALESCE(change->'transitions', '[]'::jsonb)) > 1 THEN
    RAISE EXCEPTION 'at most one status transition per ledger change' USING ERRCODE = 'check_violation';
  END IF;

  IF transition IS NOT NULL THEN
    WITH moved AS (
      UPDATE ledger_entries
         SET status = (transition->>'status')::"EntryStatus",
             error_message = transition->>'error_message',
             updated_at = now()
       WHERE seq = (transition->>'seq')::bigint AND status = 'processing'
         AND (transition->>'status') IN ('succeeded', 'failed')
      RETURNING *
    )
    SELECT COALESCE(jsonb_agg(to_jsonb(moved)), '[]'::jsonb) INTO changed FROM moved;
    IF jsonb_array_length(changed) = 0 THEN
      RETURN jsonb_build_object('applied', false, 'entries', '[]'::jsonb, 'changed', '[]'::jsonb);
    END IF;
    INSERT INTO entry_events (entry_seq, status, error_message, created_at)
    VALUES ((transition->>'seq')::bigint, (transition->>'status')::"EntryStatus", transition->>'error_message', now());
  END IF;

  outcome := ledger_post_many(jsonb_build_array((change - 'transitions') || '{"refusals": "raise"}'))->0;
  RETURN jsonb_build_object('applied', true, 'entries', outcome->'entries', 'changed', changed);
END $$;

-- gateway_cash_out_many: the gateway's cash-out batch (docs/decisions/0023-gateway-write-path.md).
-- Each item is a held debit (`change`, posted by ledger_post_many), the rail's submission event
-- (`submission`, the debit's seq written at payload[seq_key]) and, optionally, the idempotency
-- claim's recovery point (`recovery`: record id, lease token, effect and answer). An item posts
-- only while its claim still holds its lease and no effect was recorded, and commits with its
-- recovery point or not at all ('recovery_point_taken', SQLSTATE 40001, fails the whole call).
-- Answers one item per cash-out, as ledger_post_many does, or {"error": "recovery_point"}.
-- Runs as its owner (SECURITY DEFINER), as ledger_post_many does (docs/decisions/0053).
CREATE OR REPLACE FUNCTION "gateway_cash_out_many"(items jsonb) RETURNS jsonb LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = public, pg_temp
  SET plan_cache_mode = 'force_generic_plan'
  SET enable_seqscan = off
  SET enable_bitmapscan = off
AS $$
DECLARE
  posting int[];
  posted jsonb := '[]'::jsonb;
  answers jsonb;
  expected int;
  bound int;
BEGIN
  -- An item posts when it has no recovery point to write, or when its claim still holds the
  -- lease it was given and no effect was recorded yet.
  SELECT COALESCE(array_agg(t.n - 1 ORDER BY t.n), '{}') INTO posting
    FROM jsonb_array_elements(items) WITH ORDINALITY AS t(item, n)
    LEFT JOIN LATERAL (
      SELECT 1 AS held FROM idempotency_records r
       WHERE r.id = (t.item->'recovery'->>'record_id')::uuid
         AND r.lease_token = (t.item->'recovery'->>'token')::uuid
         AND r.effect IS NULL
       LIMIT 1) claim ON jsonb_typeof(t.item->'recovery') = 'object'
   WHERE jsonb_typeof(t.item->'recovery') IS DISTINCT FROM 'object' OR claim.held IS NOT NULL;

  -- Usually every item posts: then the changes are taken by a path, not by jsonb_agg, which
  -- copies every string of its input one by one.
  IF cardinality(posting) = jsonb_array_length(items) THEN
    posted := ledger_post_many(jsonb_path_query_array(items, 'strict $[*].change'));
  ELSIF cardinality(posting) > 0 THEN
    posted := ledger_post_many((SELECT jsonb_agg(items->k->'change' ORDER BY o)
                                  FROM unnest(posting) WITH ORDINALITY AS u(k, o)));
  END IF;

  WITH outcome AS MATERIALIZED (
    SELECT i, items->i AS item,
           CASE WHEN p.pos IS NULL THEN jsonb_build_object('error', 'recovery_point') ELSE posted->(p.pos - 1) END AS answer
      FROM generate_series(0, jsonb_array_length(items) - 1) AS i,
           LATERAL (SELECT array_position(posting, i) AS pos) p
  ), accepted AS MATERIALIZED (
    SELECT item, answer->'entries'->0->>'seq' AS seq, item->'recovery' AS rec
      FROM outcome WHERE NOT answer ? 'error'
  ), submitted AS (
    INSERT INTO outbox_events (id, topic, account_id, user_id, entry_id, payload, available_at, created_at, attempts)
    SELECT gen_random_uuid(), s->>'topic', s->>'account_id', (s->>'user_id')::uuid, s->>'entry_id',
           (s->'payload') || jsonb_build_object(s->>'seq_key', a.seq),
           COALESCE((s->>'available_at')::timestamptz, now()), now(), 0
      FROM accepted a, LATERAL (SELECT a.item->'submission' AS s) x
  ), recovered AS (
    UPDATE idempotency_records r
       SET effect = a.rec->'effect',
           state = CASE WHEN answered THEN 'completed'::"IdempotencyState" ELSE r.state END,
           response_status = CASE WHEN answered THEN (a.rec->'answer'->>'status')::int ELSE r.response_status END,
           response_headers = CASE WHEN answered THEN a.rec->'answer'->'headers' ELSE r.response_headers END,
           lease_token = CASE WHEN answered THEN NULL ELSE r.lease_token END,
           lease_expires_at = CASE WHEN answered THEN NULL ELSE r.lease_expires_at END
      FROM accepted a, LATERAL (SELECT jsonb_typeof(a.rec->'answer') = 'object' AS answered) x
     WHERE jsonb_typeof(a.rec) = 'object'
       AND r.id = (a.rec->>'record_id')::uuid
       AND r.lease_token = (a.rec->>'token')::uuid
       AND r.effect IS NULL
    RETURNING 1)
  SELECT (SELECT jsonb_agg(answer ORDER BY i) FROM outcome),
         (SELECT count(*) FROM accepted WHERE jsonb_typeof(rec) = 'object'),
         (SELECT count(*) FROM recovered)
    INTO answers, expected, bound;

  IF bound <> expected THEN
    RAISE EXCEPTION 'recovery_point_taken' USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN COALESCE(answers, '[]'::jsonb);
END $$;

-- What an account's bucket (available, held, blocked) holds now, in centavos, or NULL for an
-- unknown account or bucket. The one place the database reads a balance to decide whether a
-- posting took an account below zero (the trigger ledger_postings_balanced): a change to how a
-- balance is stored changes this function only (docs/decisions/0053).
CREATE OR REPLACE FUNCTION "ledger_account_available"(account text, bucket text) RETURNS bigint
  LANGUAGE sql STABLE
  SET search_path = public, pg_temp
AS $$
  SELECT CASE bucket
           WHEN 'available' THEN a.available_cents
           WHEN 'held' THEN a.held_cents
           WHEN 'blocked' THEN a.blocked_cents
         END
    FROM accounts a
   WHERE a.id = account
$$;

-- The database's own check of every ledger transaction (docs/decisions/0053), run at COMMIT by the
-- deferred constraint trigger of the same name on "ledger_postings", for each posting written,
-- changed or removed, whoever wrote it (the owner and a superuser included):
--   - the postings of its ledger transaction sum to zero (the platform keeps one currency, BRL:
--     a transaction in several would be checked per currency);
--   - a posting on a merchant account (account_id set; the platform's own accounts, spi and fees,
--     may go below zero) leaves that account's bucket at zero or above, as
--     ledger_account_available reads it.
CREATE OR REPLACE FUNCTION "ledger_postings_balanced"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
DECLARE
  checked uuid[];
  ledger_tx uuid;
  total bigint;
  left_cents bigint;
BEGIN
  checked := CASE TG_OP
               WHEN 'INSERT' THEN ARRAY[NEW.transaction_id]
               WHEN 'DELETE' THEN ARRAY[OLD.transaction_id]
               ELSE ARRAY[NEW.transaction_id, OLD.transaction_id]
             END;
  FOREACH ledger_tx IN ARRAY checked LOOP
    SELECT COALESCE(SUM(amount_cents), 0) INTO total FROM ledger_postings WHERE transaction_id = ledger_tx;
    IF total <> 0 THEN
      RAISE EXCEPTION 'ledger transaction % does not balance: its postings sum to % centavos', ledger_tx, total
        USING ERRCODE = 'check_violation';
    END IF;
  END LOOP;
  IF TG_OP <> 'DELETE' AND NEW.account_id IS NOT NULL THEN
    left_cents := ledger_account_available(NEW.account_id, NEW.bucket);
    IF left_cents IS NULL OR left_cents < 0 THEN
      RAISE EXCEPTION 'posting % takes account % (%) below zero', NEW.id, NEW.account_id, NEW.bucket
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- The ledger's tables are never emptied: the BEFORE TRUNCATE triggers of the same name on
-- "ledger_entries", "ledger_postings" and "entry_events" refuse it to everyone, the owner
-- included (row triggers, the balance check among them, do not fire for TRUNCATE).
CREATE OR REPLACE FUNCTION "ledger_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is part of the ledger and cannot be truncated', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;

-- Locks one entry's row (as SELECT … FOR UPDATE would) in the caller's transaction and answers
-- its seq, or NULL when there is none. The platform's role may not lock a ledger row itself: a
-- row lock takes the UPDATE privilege it no longer has (docs/decisions/0053).
CREATE OR REPLACE FUNCTION "ledger_lock_entry"(entry_seq bigint) RETURNS bigint LANGUAGE sql
  SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT e.seq FROM ledger_entries e WHERE e.seq = entry_seq FOR UPDATE
$$;

-- A MED was opened on a received PIX: the entry names it (server/ledger/annotations.ts).
CREATE OR REPLACE FUNCTION "ledger_mark_disputed"(entry_seq bigint, med uuid, med_opened_at timestamptz)
  RETURNS void LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  UPDATE ledger_entries SET med_id = med, med_created_at = med_opened_at WHERE seq = entry_seq;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no ledger entry %', entry_seq USING ERRCODE = 'no_data_found';
  END IF;
END $$;

-- Who a held payout goes to, once its key was resolved (server/ledger/annotations.ts).
CREATE OR REPLACE FUNCTION "ledger_record_receiver"(entry_seq bigint, party jsonb)
  RETURNS void LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  UPDATE ledger_entries SET receiver = party WHERE seq = entry_seq;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no ledger entry %', entry_seq USING ERRCODE = 'no_data_found';
  END IF;
END $$;

-- A refund settled: the credit it refunds, on the same account, names it
-- (server/ledger/annotations.ts).
CREATE OR REPLACE FUNCTION "ledger_mark_refunded"(account text, original_end_to_end_id text, refund_end_to_end_id text)
  RETURNS void LANGUAGE sql
  SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  UPDATE ledger_entries e SET refunded_end_to_end_id = refund_end_to_end_id
   WHERE e.account_id = account AND e.end_to_end_id = original_end_to_end_id AND e.type = 'credit'
$$;

-- An account opens with nothing in it, when whoever opens it may not set balances: the platform's
-- role may INSERT every column of "accounts" (Prisma writes each default out) but UPDATE none of
-- the balances (docs/decisions/0053). Run by the trigger of the same name before each INSERT.
CREATE OR REPLACE FUNCTION "accounts_open_empty"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF (NEW.available_cents <> 0 OR NEW.held_cents <> 0 OR NEW.blocked_cents <> 0)
     AND NOT has_column_privilege('accounts', 'available_cents', 'UPDATE') THEN
    RAISE EXCEPTION 'account % must open with zero balances', NEW.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;

-- The functions that write the ledger run as pix_owner, which owns the tables where migrations run
-- as pix_owner (production). Where they run as another role (a development cluster's superuser),
-- pix_owner is given what the functions use.
ALTER FUNCTION "ledger_post_many"(jsonb) OWNER TO pix_owner;
ALTER FUNCTION "ledger_post"(jsonb) OWNER TO pix_owner;
ALTER FUNCTION "gateway_cash_out_many"(jsonb) OWNER TO pix_owner;
ALTER FUNCTION "ledger_lock_entry"(bigint) OWNER TO pix_owner;
ALTER FUNCTION "ledger_mark_disputed"(bigint, uuid, timestamptz) OWNER TO pix_owner;
ALTER FUNCTION "ledger_record_receiver"(bigint, jsonb) OWNER TO pix_owner;
ALTER FUNCTION "ledger_mark_refunded"(text, text, text) OWNER TO pix_owner;
GRANT USAGE ON SCHEMA public TO pix_owner;
GRANT SELECT, INSERT, UPDATE ON "ledger_entries", "ledger_postings", "entry_events", "outbox_events" TO pix_owner;
GRANT SELECT, UPDATE ON "accounts", "idempotency_records" TO pix_owner;
GRANT USAGE ON SEQUENCE "ledger_entries_seq_seq", "ledger_postings_id_seq", "entry_events_id_seq" TO pix_owner;

-- Only the platform (and the owner) may call the functions that write: not every role (PUBLIC).
DO $$
DECLARE
  writer text;
BEGIN
  FOREACH writer IN ARRAY ARRAY[
    '"ledger_post_many"(jsonb)', '"ledger_post"(jsonb)', '"gateway_cash_out_many"(jsonb)',
    '"ledger_lock_entry"(bigint)', '"ledger_mark_disputed"(bigint, uuid, timestamptz)',
    '"ledger_record_receiver"(bigint, jsonb)', '"ledger_mark_refunded"(text, text, text)'
  ] LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', writer);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO pix_app, pix_owner', writer);
  END LOOP;
END
$$;

-- The ledger's tables: read, never written, by the platform's role.
REVOKE ALL ON "ledger_entries", "ledger_postings", "entry_events" FROM pix_app;
GRANT SELECT ON "ledger_entries", "ledger_postings", "entry_events" TO pix_app;
REVOKE ALL ON SEQUENCE "ledger_entries_seq_seq", "ledger_postings_id_seq", "entry_events_id_seq" FROM pix_app;

-- Accounts: the platform opens them (empty: the trigger accounts_open_empty) and changes their other
-- columns, never their balances. A new column of accounts needs its UPDATE grant here too
-- (tests/audit/ledger-roles.test.ts lists them).
REVOKE UPDATE ON "accounts" FROM pix_app;
GRANT UPDATE (name, document, person_type, status, status_reason, status_changed_at, agency,
              external_fee_cents, programme_owner_id, last_pix_key_at, updated_at)
  ON "accounts" TO pix_app;
CREATE TRIGGER "accounts_open_empty" BEFORE INSERT ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "accounts_open_empty"();

CREATE CONSTRAINT TRIGGER "ledger_postings_balanced"
  AFTER INSERT OR UPDATE OR DELETE ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_postings_balanced"();

CREATE TRIGGER "ledger_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"();
CREATE TRIGGER "ledger_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"();
CREATE TRIGGER "ledger_no_truncate" BEFORE TRUNCATE ON "entry_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"();
