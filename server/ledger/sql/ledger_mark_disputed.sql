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
