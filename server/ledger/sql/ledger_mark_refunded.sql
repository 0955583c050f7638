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
