-- A cash-out's answer committed with its effect (docs/decisions/0010, "Answered in the effect's
-- transaction"). gateway_cash_out_many as before, except that an item whose recovery carries
--   "answer": {"status": <HTTP status>, "headers": {...}}
-- also completes its idempotency record in the same UPDATE: state 'completed', that status and
-- those headers, the lease cleared, no stored body. A replay rebuilds the body from the effect
-- (server/gateway/recover.ts). The request then needs no statement of its own after the effect:
-- one UPDATE of the record instead of two, one round trip and one commit fewer per batch.
CREATE OR REPLACE FUNCTION "gateway_cash_out_many"(items jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  posting int[] := '{}';
  posted jsonb := '[]'::jsonb;
  outcome jsonb;
  answers jsonb := '[]'::jsonb;
  accepted jsonb := '[]'::jsonb;
  expected int;
  bound int;
  pos int;
BEGIN
  FOR i IN 0 .. jsonb_array_length(items) - 1 LOOP
    IF COALESCE(jsonb_typeof(items->i->'recovery'), 'null') <> 'object' OR EXISTS (
      SELECT 1 FROM idempotency_records r
       WHERE r.id = (items->i->'recovery'->>'record_id')::uuid
         AND r.lease_token = (items->i->'recovery'->>'token')::uuid
         AND r.effect IS NULL) THEN
      posting := array_append(posting, i);
    END IF;
  END LOOP;

  IF cardinality(posting) > 0 THEN
    posted := ledger_post_many((SELECT jsonb_agg(items->k->'change' ORDER BY o)
                                  FROM unnest(posting) WITH ORDINALITY AS u(k, o)));
  END IF;

  FOR i IN 0 .. jsonb_array_length(items) - 1 LOOP
    pos := array_position(posting, i);
    IF pos IS NULL THEN
      answers := answers || jsonb_build_array(jsonb_build_object('error', 'recovery_point'));
    ELSE
      outcome := posted->(pos - 1);
      answers := answers || jsonb_build_array(outcome);
      IF NOT outcome ? 'error' THEN
        accepted := accepted || jsonb_build_array(jsonb_build_object(
          'item', items->i, 'seq', outcome->'entries'->0->>'seq'));
      END IF;
    END IF;
  END LOOP;

  INSERT INTO outbox_events (id, topic, account_id, user_id, entry_id, payload, available_at, created_at, attempts)
  SELECT gen_random_uuid(), s->>'topic', s->>'account_id', (s->>'user_id')::uuid, s->>'entry_id',
         (s->'payload') || jsonb_build_object(s->>'seq_key', a->>'seq'),
         COALESCE((s->>'available_at')::timestamptz, now()), now(), 0
    FROM jsonb_array_elements(accepted) a, LATERAL (SELECT a->'item'->'submission' AS s) x;

  SELECT count(*) INTO expected FROM jsonb_array_elements(accepted) a
   WHERE jsonb_typeof(a->'item'->'recovery') = 'object';
  IF expected > 0 THEN
    WITH b AS (
      UPDATE idempotency_records r
         SET effect = rec->'effect',
             state = CASE WHEN answered THEN 'completed'::"IdempotencyState" ELSE r.state END,
             response_status = CASE WHEN answered THEN (rec->'answer'->>'status')::int ELSE r.response_status END,
             response_headers = CASE WHEN answered THEN rec->'answer'->'headers' ELSE r.response_headers END,
             lease_token = CASE WHEN answered THEN NULL ELSE r.lease_token END,
             lease_expires_at = CASE WHEN answered THEN NULL ELSE r.lease_expires_at END
        FROM jsonb_array_elements(accepted) a, LATERAL (SELECT a->'item'->'recovery' AS rec,
                              jsonb_typeof(a->'item'->'recovery'->'answer') = 'object' AS answered) x
       WHERE jsonb_typeof(a->'item'->'recovery') = 'object'
         AND r.id = (rec->>'record_id')::uuid
         AND r.lease_token = (rec->>'token')::uuid
         AND r.effect IS NULL
      RETURNING 1)
    SELECT count(*) INTO bound FROM b;
    IF bound <> expected THEN
      RAISE EXCEPTION 'recovery_point_taken' USING ERRCODE = 'serialization_failure';
    END IF;
  END IF;

  RETURN answers;
END $$;
