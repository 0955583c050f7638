-- What an account's bucket (available, held, blocked) holds now, in centavos, or NULL for an
-- unknown account or bucket. The one place the database reads a balance to decide whether a
-- posting took an account below zero (the trigger ledger_postings_balanced): a change to how a
-- balance is stored changes this function only (docs/decisions/0053).
CREATE OR REPLACE FUNCTION "ledger_account_available"(account text, bucket text) RETURNS bigint
  LANGUAGE sql STABLE
  SET search_path = public, pg_temp
AS $$
  SELECT CASE bucket
           WHEN 'available' THEN a.available_cents
           WHEN 'held' THEN a.held_cents
           WHEN 'blocked' THEN a.blocked_cents
         END
    FROM accounts a
   WHERE a.id = account
$$;
