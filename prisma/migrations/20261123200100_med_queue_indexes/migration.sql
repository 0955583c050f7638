-- CreateIndex
CREATE INDEX "meds_defense_deadline_idx" ON "meds"("defense_deadline");
