-- What a ledger write costs PostgreSQL (docs/decisions/0022-group-commit.md, "Write cost"):
--   1. The account foreign key of ledger_entries is checked at commit, not after each INSERT.
--      Checked after the INSERT, its FOR KEY SHARE lock lands on an account row that the same
--      transaction then updates (balances move last, see ledger_post_many), and rows that are
--      both key-share locked and updated carry MultiXacts that every later reader of the row must
--      resolve. Checked at commit, the row is already this transaction's own update and the lock
--      is free. The check itself is the same: an entry for an account that does not exist still
--      fails its transaction, with the same SQLSTATE 23503.
--   2. ledger_post_many keeps one generic plan per statement instead of planning its large INSERT
--      for every call (PostgreSQL kept choosing custom plans for it).
ALTER TABLE "ledger_entries" ALTER CONSTRAINT "ledger_entries_account_id_fkey" DEFERRABLE INITIALLY DEFERRED;
ALTER FUNCTION "ledger_post_many"(jsonb) SET plan_cache_mode = 'force_generic_plan';
