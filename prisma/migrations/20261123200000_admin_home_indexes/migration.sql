-- CreateIndex
CREATE INDEX "accounts_document_idx" ON "accounts"("document");

-- CreateIndex
CREATE INDEX "ledger_entries_created_at_idx" ON "ledger_entries"("created_at");

-- CreateIndex
CREATE INDEX "meds_status_defense_deadline_idx" ON "meds"("status", "defense_deadline");

