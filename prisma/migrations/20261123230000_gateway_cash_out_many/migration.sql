-- gateway_cash_out_many: group commit of gateway cash-outs (docs/decisions/0023-gateway-write-path.md).
-- Each item is one cash-out by key to another institution, with what must commit with it:
--   {"change": <one ledger_post_many item: the held debit, its legs, its entry events>,
--    "submission": {topic, account_id, user_id, entry_id, payload, available_at, seq_key},
--    "recovery": {record_id, token, effect} | null}
-- In the caller's transaction (one statement: one transaction, one commit per batch):
--   1. an item whose recovery point is no longer its to write (the idempotency claim was taken
--      over, or an effect is already recorded) is refused with 'recovery_point';
--   2. the other items' changes go through ledger_post_many (each accepted or refused on its own:
--      'insufficient_funds:<account id>', 'outgoing_external_id');
--   3. every accepted item gets its rail submission event, its payload's `seq_key` set to the
--      held debit's seq, and its recovery point (effect), fenced by the claim's token as in
--      bindEffect. Should a claim have been taken over between 1 and 3, the whole call fails
--      (SQLSTATE 40001) and the caller posts each cash-out on its own.
-- Answers one item per cash-out, in order: {"entries": [{seq, created_at}]} or {"error": reason}.
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
      UPDATE idempotency_records r SET effect = a->'item'->'recovery'->'effect'
        FROM jsonb_array_elements(accepted) a
       WHERE jsonb_typeof(a->'item'->'recovery') = 'object'
         AND r.id = (a->'item'->'recovery'->>'record_id')::uuid
         AND r.lease_token = (a->'item'->'recovery'->>'token')::uuid
         AND r.effect IS NULL
      RETURNING 1)
    SELECT count(*) INTO bound FROM b;
    IF bound <> expected THEN
      RAISE EXCEPTION 'recovery_point_taken' USING ERRCODE = 'serialization_failure';
    END IF;
  END IF;

  RETURN answers;
END $$;
