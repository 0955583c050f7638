-- The last guard of the ledger's invariants (the services check first, under row locks), run by
-- the trigger of the same name on "accounts". A trigger rather than CHECK constraints: Prisma
-- 6.19's WASM schema engine cannot diff CHECKs.
CREATE OR REPLACE FUNCTION "accounts_balances_nonnegative"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.available_cents < 0 OR NEW.held_cents < 0 OR NEW.blocked_cents < 0 THEN
    RAISE EXCEPTION 'account % balance would go negative', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
