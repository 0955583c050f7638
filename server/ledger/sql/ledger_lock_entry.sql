-- Locks one entry's row (as SELECT … FOR UPDATE would) in the caller's transaction and answers
-- its seq, or NULL when there is none. The platform's role may not lock a ledger row itself: a
-- row lock takes the UPDATE privilege it no longer has (docs/decisions/0053).
CREATE OR REPLACE FUNCTION "ledger_lock_entry"(entry_seq bigint) RETURNS bigint LANGUAGE sql
  SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT e.seq FROM ledger_entries e WHERE e.seq = entry_seq FOR UPDATE
$$;
