-- The ledger's tables are never emptied: the BEFORE TRUNCATE triggers of the same name on
-- "ledger_entries", "ledger_postings" and "entry_events" refuse it to everyone, the owner
-- included (row triggers, the balance check among them, do not fire for TRUNCATE).
CREATE OR REPLACE FUNCTION "ledger_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is part of the ledger and cannot be truncated', TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
