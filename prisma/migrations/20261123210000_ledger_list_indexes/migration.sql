-- DropIndex
DROP INDEX "ledger_entries_user_id_created_at_status_type_reason_gross__idx";

-- CreateIndex
CREATE INDEX "ledger_entries_user_id_created_at_seq_status_type_reason_ac_idx" ON "ledger_entries"("user_id", "created_at", "seq", "status", "type", "reason", "account_id", "gross_cents", "fee_cents", "net_cents");

-- CreateIndex
CREATE INDEX "ledger_entries_user_id_status_created_at_seq_type_reason_ac_idx" ON "ledger_entries"("user_id", "status", "created_at", "seq", "type", "reason", "account_id");

-- CreateIndex
CREATE INDEX "ledger_entries_user_id_reason_created_at_seq_type_status_ac_idx" ON "ledger_entries"("user_id", "reason", "created_at", "seq", "type", "status", "account_id");

