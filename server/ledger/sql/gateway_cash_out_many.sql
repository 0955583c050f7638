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
