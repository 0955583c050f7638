-- An account opens with nothing in it, when whoever opens it may not set balances: the platform's
-- role may INSERT every column of "accounts" (Prisma writes each default out) but UPDATE none of
-- the balances (docs/decisions/0053). Run by the trigger of the same name before each INSERT.
CREATE OR REPLACE FUNCTION "accounts_open_empty"() RETURNS trigger LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF (NEW.available_cents <> 0 OR NEW.held_cents <> 0 OR NEW.blocked_cents <> 0)
     AND NOT has_column_privilege('accounts', 'available_cents', 'UPDATE') THEN
    RAISE EXCEPTION 'account % must open with zero balances', NEW.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
