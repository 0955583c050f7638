-- What a ledger write costs PostgreSQL (docs/decisions/0022-group-commit.md, "Write cost").
--   1. The account foreign key of ledger_entries is checked at commit instead of after each
--      INSERT. After the INSERT, the check locks (FOR KEY SHARE) an account row that the same
--      transaction then updates; at commit it finds the version this transaction wrote. The
--      check is the same: an entry for an account that does not exist still fails its
--      transaction with SQLSTATE 23503 (tests/ledger/group-commit.test.ts). Measured with pgbench
--      calling ledger_post_many (as npm run bench:ledger-statement does): 5% less PostgreSQL CPU
--      per call.
--   2. ledger_post_many keeps one generic plan per statement: PostgreSQL kept choosing to plan
--      its large INSERT for every call. Measured the same way: 14% less PostgreSQL CPU per call.
ALTER TABLE "ledger_entries" ALTER CONSTRAINT "ledger_entries_account_id_fkey" DEFERRABLE INITIALLY DEFERRED;
ALTER FUNCTION "ledger_post_many"(jsonb) SET plan_cache_mode = 'force_generic_plan';
