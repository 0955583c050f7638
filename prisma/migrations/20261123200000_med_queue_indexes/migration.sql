-- CreateIndex
CREATE INDEX "meds_status_defense_deadline_idx" ON "meds"("status", "defense_deadline");

-- CreateIndex
CREATE INDEX "meds_defense_deadline_idx" ON "meds"("defense_deadline");

