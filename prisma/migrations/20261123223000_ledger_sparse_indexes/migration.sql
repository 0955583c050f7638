-- Sparse columns get partial indexes (docs/decisions/0022-group-commit.md): most entries have no
-- end-to-end id (internal transfers), no entry reference, no parent, no external id, yet a full
-- B-tree index takes an insert for every row, NULL or not — a third of PostgreSQL's CPU per
-- transfer went to index inserts. Every query on these columns is an equality (`col = $1`), which
-- implies `col IS NOT NULL`, so the planner uses the partial index for it. Same names as before:
-- Prisma's schema describes the columns; the predicates live only here.
DROP INDEX "ledger_entries_end_to_end_id_idx";
CREATE INDEX "ledger_entries_end_to_end_id_idx" ON "ledger_entries"("end_to_end_id")
  WHERE "end_to_end_id" IS NOT NULL;

DROP INDEX "ledger_entries_entry_ref_idx";
CREATE INDEX "ledger_entries_entry_ref_idx" ON "ledger_entries"("entry_ref") WHERE "entry_ref" IS NOT NULL;

DROP INDEX "ledger_entries_parent_end_to_end_id_idx";
CREATE INDEX "ledger_entries_parent_end_to_end_id_idx" ON "ledger_entries"("parent_end_to_end_id")
  WHERE "parent_end_to_end_id" IS NOT NULL;

DROP INDEX "ledger_entries_account_id_external_id_idx";
CREATE INDEX "ledger_entries_account_id_external_id_idx" ON "ledger_entries"("account_id", "external_id")
  WHERE "external_id" IS NOT NULL;

DROP INDEX "ledger_entries_user_id_external_id_idx";
CREATE INDEX "ledger_entries_user_id_external_id_idx" ON "ledger_entries"("user_id", "external_id")
  WHERE "external_id" IS NOT NULL;

-- NULLs never conflict in a unique index, so the partial one refuses exactly the same rows.
DROP INDEX "ledger_entries_account_id_outgoing_external_id_key";
CREATE UNIQUE INDEX "ledger_entries_account_id_outgoing_external_id_key"
  ON "ledger_entries"("account_id", "outgoing_external_id") WHERE "outgoing_external_id" IS NOT NULL;
