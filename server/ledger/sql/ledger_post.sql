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
