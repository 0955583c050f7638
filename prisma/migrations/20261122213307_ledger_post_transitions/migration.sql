-- ledger_post, second version (docs/decisions/0004-ledger.md): a change may also move one
-- existing `processing` entry to its final status, in the same round trip as the legs that move
-- its money, so a status can no longer change without the money (settle, release).
--   0. the transition, if any: UPDATE … WHERE status = 'processing'; when the entry is no longer
--      processing (another settlement got there first) nothing at all is written and the answer
--      is {"applied": false};
--   1. moves the cached balances of every touched account, in account-id order (no deadlocks),
--      refusing any bucket that would go below zero (SQLSTATE P0001, 'insufficient_funds:<id>');
--   2. inserts the new entries, one status event each (and one for the transition);
--   3. inserts the postings of one ledger transaction (legs refer to a new entry by index or to
--      an existing entry by seq);
--   4. inserts the outbox events.
-- Answers {"applied": true, "entries": [new rows], "changed": [the transitioned row]}.
CREATE OR REPLACE FUNCTION "ledger_post"(change jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  acct record;
  touched int;
  seqs bigint[];
  inserted jsonb;
  changed jsonb := '[]'::jsonb;
  transition jsonb;
  tx_id uuid := gen_random_uuid();
BEGIN
  IF (SELECT COALESCE(SUM((leg->>'amount')::bigint), 0) FROM jsonb_array_elements(change->'legs') leg) <> 0 THEN
    RAISE EXCEPTION 'unbalanced ledger change' USING ERRCODE = 'check_violation';
  END IF;
  IF jsonb_array_length(COALESCE(change->'transitions', '[]'::jsonb)) > 1 THEN
    RAISE EXCEPTION 'at most one status transition per ledger change' USING ERRCODE = 'check_violation';
  END IF;

  transition := change->'transitions'->0;
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

  FOR acct IN
    SELECT leg->>'account_id' AS id,
           SUM(CASE WHEN leg->>'bucket' = 'available' THEN (leg->>'amount')::bigint ELSE 0 END) AS available,
           SUM(CASE WHEN leg->>'bucket' = 'held' THEN (leg->>'amount')::bigint ELSE 0 END) AS held,
           SUM(CASE WHEN leg->>'bucket' = 'blocked' THEN (leg->>'amount')::bigint ELSE 0 END) AS blocked
      FROM jsonb_array_elements(change->'legs') leg
     WHERE leg->>'account_id' IS NOT NULL
     GROUP BY 1 ORDER BY 1
  LOOP
    UPDATE accounts
       SET available_cents = available_cents + acct.available,
           held_cents = held_cents + acct.held,
           blocked_cents = blocked_cents + acct.blocked,
           updated_at = now()
     WHERE id = acct.id
       AND available_cents + acct.available >= 0
       AND held_cents + acct.held >= 0
       AND blocked_cents + acct.blocked >= 0;
    GET DIAGNOSTICS touched = ROW_COUNT;
    IF touched = 0 THEN
      RAISE EXCEPTION 'insufficient_funds:%', acct.id USING ERRCODE = 'P0001';
    END IF;
  END LOOP;

  WITH rows AS (
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
      FROM jsonb_array_elements(COALESCE(change->'entries', '[]'::jsonb)) WITH ORDINALITY AS t(e, n)
     ORDER BY n
    RETURNING *
  )
  SELECT COALESCE(array_agg(seq ORDER BY seq), '{}'), COALESCE(jsonb_agg(to_jsonb(rows) ORDER BY seq), '[]'::jsonb)
    INTO seqs, inserted FROM rows;

  INSERT INTO entry_events (entry_seq, status, error_message, created_at)
  SELECT (r->>'seq')::bigint, (r->>'status')::"EntryStatus", r->>'error_message', now()
    FROM jsonb_array_elements(inserted) r;

  INSERT INTO ledger_postings (transaction_id, entry_seq, account_id, bucket, amount_cents, created_at)
  SELECT tx_id,
         COALESCE((leg->>'entry_seq')::bigint, seqs[(leg->>'entry')::int + 1]),
         leg->>'account_id', leg->>'bucket', (leg->>'amount')::bigint, now()
    FROM jsonb_array_elements(COALESCE(change->'legs', '[]'::jsonb)) leg;

  INSERT INTO outbox_events (id, topic, account_id, user_id, entry_id, payload, available_at, created_at, attempts)
  SELECT gen_random_uuid(), ev->>'topic', ev->>'account_id', (ev->>'user_id')::uuid, ev->>'entry_id', ev->'payload',
         COALESCE((ev->>'available_at')::timestamptz, now()), now(), 0
    FROM jsonb_array_elements(COALESCE(change->'events', '[]'::jsonb)) ev;

  RETURN jsonb_build_object('applied', true, 'entries', inserted, 'changed', changed);
END $$;
