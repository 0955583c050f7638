-- The ledger's commit-time check reads an account's balance only for a posting that takes money from
-- it: one that adds money cannot take a bucket below zero (docs/decisions/0053). Copied from
-- server/ledger/sql/ledger_postings_balanced.sql.

-- The database's own check of every ledger transaction (docs/decisions/0053), run at COMMIT by the
-- deferred constraint trigger of the same name on "ledger_postings", for each posting written,
-- changed or removed, whoever wrote it (the owner and a superuser included):
--   - the postings of its ledger transaction sum to zero (the platform keeps one currency, BRL:
--     a transaction in several would be checked per currency);
--   - a posting that takes money from a merchant account (account_id set; the platform's own
--     accounts, spi and fees, may go below zero) leaves that account's bucket at zero or above, as
--     ledger_account_available reads it. A posting that adds money cannot take a bucket below
--     zero, so only a negative one (or a changed one) reads the balance.
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
  IF TG_OP <> 'DELETE' AND NEW.account_id IS NOT NULL AND (TG_OP = 'UPDATE' OR NEW.amount_cents < 0) THEN
    left_cents := ledger_account_available(NEW.account_id, NEW.bucket);
    IF left_cents IS NULL OR left_cents < 0 THEN
      RAISE EXCEPTION 'posting % takes account % (%) below zero', NEW.id, NEW.account_id, NEW.bucket
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END $$;
