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
