-- Automatic billing of a recurrence (docs/decisions/0051): the worker creates each cycle's cobr.
ALTER TABLE "recurrences" ADD COLUMN "auto_charge" BOOLEAN NOT NULL DEFAULT false;

-- The worker's scan: approved recurrences billed automatically, in idRec order.
CREATE INDEX "recurrences_auto_charge_idx" ON "recurrences" ("id_rec") WHERE "auto_charge" AND "status" = 'APROVADA';
